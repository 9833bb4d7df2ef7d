import type { ColorMatchView, InputOf } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/**
 * color-match alternates two modes (docs/product/games.md#color-match): 'name_color' shows a swatch and offers colour
 * names; 'match_word' prints a colour word in another ink (Stroop) and offers swatches. Both modes keep the same
 * element order, so the option buttons are reused between challenges and keyboard focus stays put.
 */
export function ColorMatchGame({ view, onInput, feedback }: GameProps<ColorMatchView, InputOf<'color-match'>>) {
  const { t } = useTranslation();
  const firstOptionRef = useAutoFocus<HTMLButtonElement>();
  const { challenge } = view;
  const isNameMode = challenge.mode === 'name_color';
  const feedbackText =
    feedback?.outcome.kind === 'scored'
      ? t('gameRoom.game.correct', { points: feedback.outcome.points })
      : feedback?.outcome.kind === 'wrong'
        ? t('gameRoom.game.wrong')
        : null;
  return (
    <div className="gr-game gr-color-match" data-testid="color-match" data-mode={challenge.mode}>
      <p className="gr-prompt" aria-live="polite">
        {isNameMode ? t('gameRoom.colorMatch.nameColor') : t('gameRoom.colorMatch.matchWord')}
      </p>
      {challenge.mode === 'name_color' ? (
        <div
          className={`gr-color-stimulus gr-swatch gr-color-${challenge.shownColor}`}
          role="img"
          aria-label={t('gameRoom.colorMatch.swatch', { color: t(`gameRoom.colors.${challenge.shownColor}`) })}
          data-testid="color-stimulus"
          data-color={challenge.shownColor}
        />
      ) : (
        <p
          className={`gr-color-stimulus gr-color-word gr-ink-${challenge.inkColor}`}
          data-testid="color-stimulus"
          data-word={challenge.word}
        >
          {t(`gameRoom.colors.${challenge.word}`)}
        </p>
      )}
      <div className="gr-options" role="group" aria-label={t('gameRoom.colorMatch.optionsLabel')}>
        {challenge.options.map((option, index) => (
          <button
            key={index}
            ref={index === 0 ? firstOptionRef : undefined}
            type="button"
            className={
              isNameMode ? 'button button-secondary gr-option' : `gr-option gr-swatch-button gr-color-${option}`
            }
            aria-label={isNameMode ? undefined : t(`gameRoom.colors.${option}`)}
            disabled={!view.active}
            onClick={() => onInput({ type: 'choose', option })}
            data-testid="color-option"
            data-color={option}
          >
            {isNameMode ? t(`gameRoom.colors.${option}`) : ''}
          </button>
        ))}
      </div>
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
      <p className="muted small">
        {t('gameRoom.colorMatch.streak', { streak: view.streak })} ·{' '}
        {t('gameRoom.colorMatch.nextPoints', { points: view.nextCorrectPoints })}
      </p>
    </div>
  );
}
