import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmActionProps {
  /** The trigger's visible text. */
  label: ReactNode;
  /** Accessible name of the trigger when the visible text is not enough (e.g. which session). */
  ariaLabel?: string;
  /** The question asked before acting. */
  question: string;
  onConfirm: () => void | Promise<void>;
  busy?: boolean;
  disabled?: boolean;
  className?: string;
  testId?: string;
}

/**
 * A destructive action asked twice: the trigger turns into the question with Confirm and Cancel. The focus goes
 * to Confirm when asking and back to the trigger on Cancel.
 */
export function ConfirmAction({
  label,
  ariaLabel,
  question,
  onConfirm,
  busy = false,
  disabled = false,
  className = 'button button-secondary',
  testId,
}: ConfirmActionProps) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  useEffect(() => {
    if (asking) confirmButton.current?.focus();
    else if (wasAsking.current) trigger.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  if (!asking) {
    return (
      <button
        ref={trigger}
        type="button"
        className={className}
        aria-label={ariaLabel}
        disabled={disabled || busy}
        aria-busy={busy || undefined}
        data-testid={testId}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="confirm-action" role="group" aria-label={question}>
      <span className="confirm-question">{question}</span>
      <button
        ref={confirmButton}
        type="button"
        className="button button-danger"
        disabled={busy}
        onClick={() => {
          wasAsking.current = false;
          setAsking(false);
          void onConfirm();
        }}
      >
        {t('profile.security.confirm')}
      </button>
      <button type="button" className="button button-ghost" onClick={() => setAsking(false)}>
        {t('profile.security.cancel')}
      </button>
    </div>
  );
}
