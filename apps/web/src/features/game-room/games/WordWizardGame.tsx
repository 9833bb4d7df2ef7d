import { MAX_GUESS_LENGTH, type InputOf, type WordWizardView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from './AnswerForm';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/** word-wizard: a scrambled word, a typed guess (any case), a new word after every submission. */
export function WordWizardGame({ view, onInput, feedback }: GameProps<WordWizardView, InputOf<'word-wizard'>>) {
  const { t } = useTranslation();
  const feedbackText =
    feedback?.outcome.kind === 'scored'
      ? t('gameRoom.game.correct', { points: feedback.outcome.points })
      : feedback?.outcome.kind === 'wrong'
        ? t('gameRoom.game.wrong')
        : null;
  return (
    <div className="gr-game gr-word-wizard">
      <p className="gr-prompt">{t('gameRoom.wordWizard.prompt')}</p>
      <p className="gr-scrambled" aria-live="polite" data-testid="word-wizard-scrambled">
        <span className="visually-hidden">
          {t('gameRoom.wordWizard.scrambledLabel')}: {view.scrambled}
        </span>
        <span className="gr-tiles" aria-hidden="true">
          {[...view.scrambled].map((letter, index) => (
            <span key={index} className="gr-tile">
              {letter}
            </span>
          ))}
        </span>
      </p>
      <AnswerForm
        label={t('gameRoom.wordWizard.answerLabel')}
        maxLength={MAX_GUESS_LENGTH}
        testId="word-wizard-answer"
        onAnswer={(answer) => onInput({ type: 'guess', word: answer })}
      />
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
      <p className="muted small">
        {t('gameRoom.wordWizard.stats', { correct: view.correct, answered: view.answered })}
      </p>
    </div>
  );
}
