import type { ArithmeticOperator, InputOf, NumberRushView } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { AnswerForm } from './AnswerForm';
import { GameFeedback } from './GameFeedback';
import type { GameProps } from './types';

/** Typographic signs, which screen readers read as "plus", "minus", "times", "divided by". */
const OPERATOR_SIGNS: Record<ArithmeticOperator, string> = { '+': '+', '-': '−', '*': '×', '/': '÷' };
/** Answers are whole numbers under 200 (docs/product/games.md#number-rush); the field needs no more. */
const MAX_ANSWER_DIGITS = 6;

/** number-rush: one question at a time, a numeric answer, +10 per correct one. */
export function NumberRushGame({ view, onInput, feedback }: GameProps<NumberRushView, InputOf<'number-rush'>>) {
  const { t } = useTranslation();
  const { left, operator, right } = view.question;
  const feedbackText =
    feedback?.outcome.kind === 'scored'
      ? t('gameRoom.game.correct', { points: feedback.outcome.points })
      : feedback?.outcome.kind === 'wrong'
        ? t('gameRoom.game.wrong')
        : null;
  return (
    <div className="gr-game gr-number-rush">
      <p className="gr-prompt">{t('gameRoom.numberRush.prompt')}</p>
      <p className="gr-question" aria-live="polite" data-testid="number-rush-question">
        {left} {OPERATOR_SIGNS[operator]} {right} = ?
      </p>
      <AnswerForm
        label={t('gameRoom.numberRush.answerLabel')}
        numeric
        maxLength={MAX_ANSWER_DIGITS}
        testId="number-rush-answer"
        onAnswer={(answer) => onInput({ type: 'answer', value: Number(answer) })}
      />
      <GameFeedback text={feedbackText} tone={feedback?.outcome.kind === 'scored' ? 'good' : 'bad'} />
      <p className="muted small">
        {t('gameRoom.numberRush.stats', { correct: view.correct, answered: view.answered })}
      </p>
    </div>
  );
}
