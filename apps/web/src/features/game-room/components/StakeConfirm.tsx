import { formatCents } from '@skillduel/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { betCents } from '../../dashboard/createRoomValidation';
import type { StakeLimits } from '../../rooms/useQuickMatch';
import { useAutoFocus } from './useAutoFocus';

type StakeProblem =
  | { key: 'validation.invalidBet' | 'validation.insufficientBalance' }
  | { key: 'rooms.serverMessages.betBelowMin' | 'rooms.serverMessages.betAboveMax'; amount: string };

/** The key and values of what is wrong with the typed stake, or null. */
function stakeProblem(cents: number | null, limits: StakeLimits, balanceDollars: number): StakeProblem | null {
  if (cents === null) return { key: 'validation.invalidBet' };
  const toCents = (dollars: number) => Math.round(dollars * 100);
  if (cents < toCents(limits.minDollars)) {
    return { key: 'rooms.serverMessages.betBelowMin', amount: formatCents(toCents(limits.minDollars)) };
  }
  if (cents > toCents(limits.maxDollars)) {
    return { key: 'rooms.serverMessages.betAboveMax', amount: formatCents(toCents(limits.maxDollars)) };
  }
  if (cents > toCents(balanceDollars)) return { key: 'validation.insufficientBalance' };
  return null;
}

/**
 * Find opponent's confirm step (no stake without consent, the wallet's standard): the stake, editable
 * within the game's limits and prefilled with its default bet, what the winner is paid, and an explicit Confirm that
 * names the amount. Nothing is sent before Confirm; Cancel (or Escape) goes back with no money moved.
 */
export function StakeConfirm({
  limits,
  balanceDollars,
  onConfirm,
  onCancel,
}: {
  limits: StakeLimits;
  balanceDollars: number;
  onConfirm: (betDollars: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useAutoFocus<HTMLInputElement>();
  const [text, setText] = useState(formatCents(Math.round(limits.defaultDollars * 100)));
  const [showProblem, setShowProblem] = useState(false);
  const cents = betCents(text);
  const problem = stakeProblem(cents, limits, balanceDollars);
  const stake = cents === null ? null : cents / 100;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (problem !== null || stake === null) {
      setShowProblem(true);
      return;
    }
    onConfirm(stake);
  };

  return (
    <form
      className="gr-stake"
      onSubmit={submit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      aria-labelledby={`${id}-title`}
      data-testid="stake-confirm"
      noValidate
    >
      <h3 id={`${id}-title`}>{t('gameRoom.stake.title')}</h3>
      <label className="field">
        <span>{t('gameRoom.stake.amount')}</span>
        <input
          ref={inputRef}
          className="input"
          type="number"
          inputMode="decimal"
          min={limits.minDollars}
          max={limits.maxDollars}
          step={0.01}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setShowProblem(false);
          }}
          aria-describedby={`${id}-limits`}
          aria-invalid={showProblem && problem !== null}
          data-testid="stake-amount"
        />
      </label>
      <p id={`${id}-limits`} className="muted small">
        {t('gameRoom.stake.limits', {
          min: formatDollars(limits.minDollars),
          max: formatDollars(limits.maxDollars),
          balance: formatDollars(balanceDollars),
        })}
      </p>
      {showProblem && problem !== null ? (
        <p className="field-error" role="alert" data-testid="stake-error">
          {'amount' in problem ? t(problem.key, { amount: problem.amount }) : t(problem.key)}
        </p>
      ) : stake !== null && problem === null ? (
        <p className="gr-stake-summary" data-testid="stake-summary">
          {t('gameRoom.stake.summary', { bet: formatDollars(stake), pot: formatDollars(stake * 2) })}
        </p>
      ) : null}
      <div className="gr-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} data-testid="stake-cancel">
          {t('gameRoom.stake.cancel')}
        </button>
        <button type="submit" className="button button-accent" data-testid="stake-confirm-button">
          {stake !== null && problem === null
            ? t('gameRoom.stake.confirm', { bet: formatDollars(stake) })
            : t('gameRoom.stake.confirmPlain')}
        </button>
      </div>
    </form>
  );
}
