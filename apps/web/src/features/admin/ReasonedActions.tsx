import { useState } from 'react';
import { failureText } from './adminFormat';

export interface ReasonedAction<A extends string> {
  value: A;
  label: string;
  variant: 'primary' | 'secondary' | 'danger';
  disabled?: boolean;
  testId?: string;
}

/**
 * A reason (or note) field with the console actions that need one: each action gets the typed reason; a refusal is
 * shown under them (e.g. "This withdrawal has already been decided").
 */
export function ReasonedActions<A extends string>({
  label,
  placeholder,
  inputTestId,
  actions,
  busy,
  required = false,
  onAct,
}: {
  label: string;
  placeholder: string;
  inputTestId?: string;
  actions: readonly ReasonedAction<A>[];
  busy: boolean;
  /** The actions wait for a reason (the server refuses one shorter than 3 characters anyway). */
  required?: boolean;
  onAct: (action: A, reason: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = async (action: A) => {
    setError(null);
    try {
      await onAct(action, reason);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  return (
    <div className="admin-decision">
      <input
        className="admin-input"
        aria-label={label}
        placeholder={placeholder}
        value={reason}
        required={required}
        onChange={(event) => setReason(event.target.value)}
        data-testid={inputTestId}
      />
      {actions.map((action) => (
        <button
          key={action.value}
          type="button"
          className={`button button-${action.variant}`}
          disabled={busy || action.disabled || (required && reason.trim() === '')}
          onClick={() => void act(action.value)}
          data-testid={action.testId}
        >
          {action.label}
        </button>
      ))}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
