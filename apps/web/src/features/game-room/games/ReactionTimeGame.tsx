import { reactionRoundPoints, type InputOf, type ReactionTimeView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/** reaction-time: wait for green, click; five rounds; an early click restarts the round. */
export function ReactionTimeGame({ view, onInput, feedback }: GameProps<ReactionTimeView, InputOf<'reaction-time'>>) {
  const { t } = useTranslation();
  const targetRef = useAutoFocus<HTMLButtonElement>();
  const phaseText =
    view.phase === 'wait'
      ? t('gameRoom.reactionTime.wait')
      : view.phase === 'go'
        ? t('gameRoom.reactionTime.go')
        : t('gameRoom.reactionTime.done');
  const feedbackText =
    feedback?.outcome.kind === 'early'
      ? t('gameRoom.reactionTime.tooEarly')
      : feedback?.outcome.kind === 'scored' && view.lastReactionMs !== null
        ? t('gameRoom.reactionTime.reaction', { ms: view.lastReactionMs, points: feedback.outcome.points })
        : null;
  return (
    <div className="gr-game gr-reaction-time">
      <p className="gr-prompt" data-testid="reaction-round">
        {t('gameRoom.reactionTime.round', { round: view.round, total: view.totalRounds })}
      </p>
      <button
        ref={targetRef}
        type="button"
        className={`gr-reaction-target gr-reaction-${view.phase}`}
        onClick={() => onInput({ type: 'react' })}
        disabled={view.phase === 'done'}
        data-testid="reaction-target"
        data-phase={view.phase}
      >
        {phaseText}
      </button>
      {/* Assertive: "Click!" must reach a screen reader user at once. */}
      <p className="visually-hidden" aria-live="assertive">
        {view.phase === 'go' ? phaseText : ''}
      </p>
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
      {view.reactionsMs.length > 0 && (
        <div className="gr-reaction-results">
          <h3>{t('gameRoom.reactionTime.results')}</h3>
          <ol data-testid="reaction-results">
            {view.reactionsMs.map((reactionMs, index) => (
              <li key={index}>
                {t('gameRoom.reactionTime.result', { round: index + 1, ms: reactionMs })}{' '}
                <span className="muted">(+{reactionRoundPoints(reactionMs)})</span>
              </li>
            ))}
          </ol>
          <p className="muted small">{t('gameRoom.reactionTime.total', { points: view.totalPoints })}</p>
        </div>
      )}
    </div>
  );
}
