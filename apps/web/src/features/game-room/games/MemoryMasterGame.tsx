import type { InputOf, MemoryMasterView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/**
 * memory-master: the round's colours shown one per second, then the player repeats them with the colour buttons.
 * The buttons stay focusable while the sequence shows (aria-disabled, not disabled), so keyboard focus never jumps;
 * a press then is refused by the engine ('not_ready') and the board says to wait.
 */
export function MemoryMasterGame({ view, onInput, feedback }: GameProps<MemoryMasterView, InputOf<'memory-master'>>) {
  const { t } = useTranslation();
  const firstButtonRef = useAutoFocus<HTMLButtonElement>();
  const canPress = view.phase === 'input';
  const displayText =
    view.phase === 'get_ready'
      ? t('gameRoom.memoryMaster.getReady')
      : view.phase === 'showing'
        ? t('gameRoom.memoryMaster.watch', { index: (view.shownIndex ?? 0) + 1, length: view.sequenceLength })
        : view.phase === 'input'
          ? t('gameRoom.memoryMaster.repeat', { pressed: view.pressed, length: view.sequenceLength })
          : t('gameRoom.memoryMaster.done');
  const feedbackText =
    feedback?.outcome.kind === 'scored'
      ? t('gameRoom.memoryMaster.roundComplete', { points: feedback.outcome.points })
      : feedback?.outcome.kind === 'out'
        ? t('gameRoom.memoryMaster.out')
        : null;
  return (
    <div className="gr-game gr-memory-master">
      <p className="gr-prompt" data-testid="memory-round">
        {t('gameRoom.memoryMaster.round', { round: view.round, total: view.totalRounds })}
      </p>
      <div className="gr-memory-display" data-testid="memory-display" data-phase={view.phase}>
        {/* Keyed by position, so the same colour twice in a row still flashes twice. */}
        <div
          key={view.shownIndex ?? 'none'}
          className={`gr-memory-swatch${view.shownColor ? ` gr-color-${view.shownColor}` : ''}`}
          data-testid="memory-shown"
          data-color={view.shownColor ?? ''}
        >
          {view.shownColor ? t(`gameRoom.colors.${view.shownColor}`) : ''}
        </div>
        <p aria-live="polite">{displayText}</p>
      </div>
      <div className="gr-color-grid" role="group" aria-label={t('gameRoom.memoryMaster.colorsLabel')}>
        {view.colors.map((color, index) => (
          <button
            key={color}
            ref={index === 0 ? firstButtonRef : undefined}
            type="button"
            className={`gr-color-button gr-color-${color}`}
            aria-disabled={!canPress}
            // Sent even while the sequence shows: the engine refuses it and the board says to wait.
            onClick={() => onInput({ type: 'press', color })}
            data-testid={`memory-color-${color}`}
          >
            {t(`gameRoom.colors.${color}`)}
          </button>
        ))}
      </div>
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
    </div>
  );
}
