import { formatCents, GAME_ROOM_DEFAULTS, LIMITS, ROOM_PASSWORD_LIMITS, type GameDto } from '@skillduel/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatBetDollars, formatDollars } from '../../../app/format';
import { useAppDispatch } from '../../../app/hooks';
import { SIGN_UP_MODE } from '../../../app/RouteGuards';
import { toast } from '../../../app/toast';
import { roomFailureReason } from '../../rooms/messages';
import { useEligibilityGate } from '../../responsible-gaming/EligibilityGate';
import { useMoneyPlayBlock } from '../../responsible-gaming/moneyPlayBlock';
import { refreshBalances, useCreateRoomMutation } from '../../rooms/roomsApi';
import { roomPath } from '../../rooms/useQuickMatch';
import {
  betCents,
  hasProblems,
  validateCreateRoom,
  type CreateRoomDraft,
  type CreateRoomProblems,
  type FieldProblem,
} from '../createRoomValidation';

const NO_PROBLEMS: CreateRoomProblems = { game: null, bet: null, password: null };

/** The bet input's minimum 1 and step 0.01 (docs/product/rooms-and-matches.md#creating-a-room). */
const BET_INPUT_MIN = 1;
const BET_INPUT_STEP = 0.01;

/**
 * Create Room (docs/product/rooms-and-matches.md#creating-a-room): game, bet (min 1, step 0.01), and a private toggle
 * with its password. One click creates the room: the line under the bet says what is at stake. Success: 'Room created
 * successfully!' and the new room; failure: 'Failed to create room' with the server's reason.
 */
export function CreateRoomForm({ games, balance }: { games: readonly GameDto[]; balance: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [createRoom, { isLoading }] = useCreateRoomMutation();
  const ensureEligible = useEligibilityGate();
  const paused = useMoneyPlayBlock();
  const ids = {
    title: useId(),
    game: useId(),
    gameError: useId(),
    bet: useId(),
    betHint: useId(),
    betError: useId(),
    private: useId(),
    privateHint: useId(),
    password: useId(),
    passwordHint: useId(),
    passwordError: useId(),
    summary: useId(),
    paused: useId(),
  };
  const gameRef = useRef<HTMLSelectElement>(null);
  const betRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The bet starts at the catalogue's default bet, then follows the chosen game's until typed.
  const [draft, setDraft] = useState<CreateRoomDraft>({
    gameId: '',
    bet: String(GAME_ROOM_DEFAULTS.defaultBetDollars),
    isPrivate: false,
    password: '',
  });
  const [betTouched, setBetTouched] = useState(false);
  const [problems, setProblems] = useState<CreateRoomProblems>(NO_PROBLEMS);

  const game = games.find((candidate) => candidate.id === draft.gameId);
  const cents = betCents(draft.bet);
  const problemText = (problem: FieldProblem | null): string | null => {
    if (problem === null) return null;
    return 'amount' in problem ? t(problem.key, { amount: problem.amount }) : t(problem.key);
  };

  const update = (change: Partial<CreateRoomDraft>) => {
    setDraft((current) => ({ ...current, ...change }));
    setProblems((current) => ({
      game: 'gameId' in change ? null : current.game,
      bet: 'bet' in change ? null : current.bet,
      password: 'password' in change || 'isPrivate' in change ? null : current.password,
    }));
  };

  const chooseGame = (gameId: string) => {
    const chosen = games.find((candidate) => candidate.id === gameId);
    // Until the player types a bet, it follows the chosen game's default.
    update(!betTouched && chosen ? { gameId, bet: String(chosen.default_bet) } : { gameId });
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (paused) return;
    const found = validateCreateRoom(draft, { balance, game });
    setProblems(found);
    if (hasProblems(found) || cents === null) {
      (found.game ? gameRef : found.bet ? betRef : passwordRef).current?.focus();
      return;
    }
    if (!(await ensureEligible())) return;
    try {
      const room = await createRoom({
        game_id: draft.gameId,
        bet_amount: Number(formatCents(cents)),
        is_private: draft.isPrivate,
        max_players: LIMITS.roomMaxPlayers,
        ...(draft.isPrivate ? { password: draft.password } : {}),
      }).unwrap();
      toast.success(t('toast.roomCreated'));
      void dispatch(refreshBalances());
      navigate(roomPath(room.id));
    } catch (error) {
      const reason = roomFailureReason(t, error);
      toast.error(t('toast.failedToCreateRoom'), reason ? { description: reason } : undefined);
    }
  };

  const gameError = problemText(problems.game);
  const betError = problemText(problems.bet);
  const passwordError = problemText(problems.password);
  const betDescribedBy = [ids.betHint, betError ? ids.betError : null].filter(Boolean).join(' ');

  return (
    <section className="card create-room" aria-labelledby={ids.title} data-testid="create-room">
      <h2 id={ids.title}>{t('dashboard.create.title')}</h2>
      <form className="create-room-form" onSubmit={(event) => void submit(event)} noValidate>
        <div className="field">
          <label htmlFor={ids.game}>{t('dashboard.create.game')}</label>
          <select
            ref={gameRef}
            id={ids.game}
            value={draft.gameId}
            onChange={(event) => chooseGame(event.target.value)}
            aria-invalid={gameError !== null}
            aria-describedby={gameError ? ids.gameError : undefined}
            data-testid="create-room-game"
          >
            <option value="">{t('dashboard.create.chooseGame')}</option>
            {games.map((option) => (
              <option key={option.id} value={option.id}>
                {option.name}
              </option>
            ))}
          </select>
          {gameError && (
            <p id={ids.gameError} className="field-error" role="alert">
              {gameError}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.bet}>{t('dashboard.create.bet')}</label>
          <input
            ref={betRef}
            id={ids.bet}
            type="number"
            inputMode="decimal"
            min={BET_INPUT_MIN}
            step={BET_INPUT_STEP}
            value={draft.bet}
            onChange={(event) => {
              setBetTouched(true);
              update({ bet: event.target.value });
            }}
            aria-invalid={betError !== null}
            aria-describedby={betDescribedBy}
            data-testid="create-room-bet"
          />
          <p id={ids.betHint} className="muted small">
            {t('dashboard.create.betHint', { balance: formatDollars(balance) })}
            {game &&
              ` · ${t('dashboard.create.betLimits', {
                min: formatBetDollars(game.min_bet),
                max: formatBetDollars(game.max_bet),
              })}`}
          </p>
          {betError && (
            <p id={ids.betError} className="field-error" role="alert" data-testid="create-room-bet-error">
              {betError}
            </p>
          )}
        </div>
        <div className="toggle-field">
          <input
            id={ids.private}
            type="checkbox"
            checked={draft.isPrivate}
            onChange={(event) => update({ isPrivate: event.target.checked })}
            aria-describedby={ids.privateHint}
            data-testid="create-room-private"
          />
          <label htmlFor={ids.private}>{t('dashboard.create.private')}</label>
          <p id={ids.privateHint} className="muted small">
            {t('dashboard.create.privateHint')}
          </p>
        </div>
        {draft.isPrivate && (
          <div className="field">
            <label htmlFor={ids.password}>{t('dashboard.create.password')}</label>
            <input
              ref={passwordRef}
              id={ids.password}
              type="password"
              autoComplete="new-password"
              minLength={ROOM_PASSWORD_LIMITS.minLength}
              maxLength={ROOM_PASSWORD_LIMITS.maxLength}
              value={draft.password}
              onChange={(event) => update({ password: event.target.value })}
              aria-invalid={passwordError !== null}
              aria-describedby={[ids.passwordHint, passwordError ? ids.passwordError : null].filter(Boolean).join(' ')}
              data-testid="create-room-password"
            />
            <p id={ids.passwordHint} className="muted small">
              {t('dashboard.create.passwordHint')}
            </p>
            {passwordError && (
              <p id={ids.passwordError} className="field-error" role="alert">
                {passwordError}
              </p>
            )}
          </div>
        )}
        {paused && (
          <p id={ids.paused} className="field-hint-blocked" data-testid="create-room-paused">
            {paused.reason}
          </p>
        )}
        {cents !== null && (
          <p id={ids.summary} className="create-room-summary" data-testid="create-room-summary">
            {t('dashboard.create.summary', { bet: formatDollars(cents / 100), pot: formatDollars((cents * 2) / 100) })}
          </p>
        )}
        <button
          type="submit"
          className="button button-primary button-block"
          disabled={isLoading || paused !== null}
          aria-describedby={paused ? ids.paused : cents !== null ? ids.summary : undefined}
          data-testid="create-room-submit"
        >
          {isLoading ? t('dashboard.create.submitting') : t('dashboard.create.submit')}
        </button>
      </form>
    </section>
  );
}

/** What guests see instead of the form: guests cannot create rooms. */
export function CreateRoomGuestPrompt() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <section className="card create-room create-room-guest" aria-labelledby={titleId} data-testid="create-room-guest">
      <h2 id={titleId}>{t('dashboard.create.guestTitle')}</h2>
      <p>{t('dashboard.create.guestPrompt')}</p>
      <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
        {t('dashboard.create.signUp')}
      </Link>
    </section>
  );
}
