import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../components/useAutoFocus';

/**
 * The typed answer of number-rush and word-wizard: Enter submits, an empty answer is never sent
 * (docs/product/games.md#answer-input), the field empties and keeps focus after each answer so play goes on from the
 * keyboard.
 */
export function AnswerForm({
  label,
  onAnswer,
  numeric = false,
  maxLength,
  testId,
}: {
  label: string;
  onAnswer: (answer: string) => void;
  /** Digits only, with the numeric keyboard on phones. */
  numeric?: boolean;
  maxLength: number;
  testId: string;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const inputRef = useAutoFocus<HTMLInputElement>();
  const [value, setValue] = useState('');
  const [showRequired, setShowRequired] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const answer = value.trim();
    inputRef.current?.focus();
    if (answer === '') {
      setShowRequired(true);
      return;
    }
    setShowRequired(false);
    setValue('');
    onAnswer(answer);
  };

  return (
    <form className="gr-answer-form" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="gr-answer-label">
        {label}
      </label>
      <div className="gr-answer-row">
        <input
          ref={inputRef}
          id={inputId}
          className="gr-answer-input"
          type="text"
          inputMode={numeric ? 'numeric' : 'text'}
          pattern={numeric ? '[0-9]*' : undefined}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize={numeric ? 'off' : 'characters'}
          spellCheck={false}
          enterKeyHint="send"
          maxLength={maxLength}
          value={value}
          onChange={(event) => {
            setValue(numeric ? event.target.value.replace(/\D/g, '') : event.target.value);
            if (showRequired) setShowRequired(false);
          }}
          aria-invalid={showRequired}
          aria-describedby={showRequired ? errorId : undefined}
          data-testid={testId}
        />
        <button type="submit" className="button button-primary">
          {t('gameRoom.game.submit')}
        </button>
      </div>
      {showRequired && (
        <p id={errorId} className="field-error" role="alert">
          {t('gameRoom.game.answerRequired')}
        </p>
      )}
    </form>
  );
}
