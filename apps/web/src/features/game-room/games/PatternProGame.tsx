import type { InputOf, PatternProView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/** pattern-pro: a fixed sequence with one item missing, four options; a streak earns more. */
export function PatternProGame({ view, onInput, feedback }: GameProps<PatternProView, InputOf<'pattern-pro'>>) {
  const { t } = useTranslation();
  const firstOptionRef = useAutoFocus<HTMLButtonElement>();
  const feedbackText =
    feedback?.outcome.kind === 'scored'
      ? t('gameRoom.game.correct', { points: feedback.outcome.points })
      : feedback?.outcome.kind === 'wrong'
        ? t('gameRoom.game.wrong')
        : null;
  return (
    <div className="gr-game gr-pattern-pro">
      <p className="gr-prompt">{t('gameRoom.patternPro.prompt')}</p>
      <ol className="gr-sequence" aria-label={t('gameRoom.patternPro.sequenceLabel')} data-testid="pattern-sequence">
        {view.puzzle.items.map((item, index) =>
          item === null ? (
            <li key={index} className="gr-sequence-item gr-sequence-missing">
              <span aria-hidden="true">?</span>
              <span className="visually-hidden">{t('gameRoom.patternPro.missing')}</span>
            </li>
          ) : (
            <li key={index} className="gr-sequence-item">
              {item}
            </li>
          ),
        )}
      </ol>
      <div className="gr-options" role="group" aria-label={t('gameRoom.patternPro.optionsLabel')}>
        {/* Keyed by position: the next puzzle reuses the buttons, so keyboard focus stays put. */}
        {view.puzzle.options.map((option, index) => (
          <button
            key={index}
            ref={index === 0 ? firstOptionRef : undefined}
            type="button"
            className="button button-secondary gr-option"
            disabled={!view.active}
            onClick={() => onInput({ type: 'choose', option })}
            data-testid="pattern-option"
          >
            {option}
          </button>
        ))}
      </div>
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
      <p className="muted small">
        {t('gameRoom.patternPro.streak', { streak: view.streak })} ·{' '}
        {t('gameRoom.patternPro.nextPoints', { points: view.nextCorrectPoints })}
      </p>
    </div>
  );
}
