import type { GameId, RoomSeat } from '@skillduel/contracts';
import { CheckCircle2, Circle } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { useAutoFocus } from '../../game-room/components/useAutoFocus';

export interface SeatSummary {
  readonly username: string | null;
  readonly ready: boolean;
}

/** Who pressed Start: both players ready starts the countdown (docs/product/rooms-and-matches.md#live-match-flow). */
export function ReadyList({
  seats,
  yourSeat,
}: {
  seats: readonly [SeatSummary, SeatSummary];
  yourSeat: RoomSeat | null;
}) {
  const { t } = useTranslation();
  return (
    <ul className="live-ready-list" aria-label={t('liveRoom.waiting.readyLabel')} data-testid="ready-list">
      {seats.map((seat, index) => {
        const name = index === yourSeat ? t('liveRoom.waiting.you') : (seat.username ?? t('liveRoom.waiting.openSeat'));
        return (
          <li key={index} data-testid={`ready-seat-${index}`} data-ready={seat.ready}>
            {seat.ready ? (
              <CheckCircle2 aria-hidden="true" size={18} className="live-ready-yes" />
            ) : (
              <Circle aria-hidden="true" size={18} className="muted" />
            )}
            {seat.username === null && index !== yourSeat
              ? name
              : seat.ready
                ? t('liveRoom.waiting.isReady', { username: name })
                : t('liveRoom.waiting.notReady', { username: name })}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A seated player before the round: 'Ready to Play?', the rules, what is at stake, who is ready,
 * and Start Game — usable once an opponent has joined, and pressed once.
 */
export function LiveWaiting({
  engineId,
  timeLimitSeconds,
  bet,
  seats,
  yourSeat,
  hasOpponent,
  onStart,
  starting,
}: {
  engineId: GameId | null;
  timeLimitSeconds: number;
  bet: number;
  seats: readonly [SeatSummary, SeatSummary];
  yourSeat: RoomSeat;
  hasOpponent: boolean;
  onStart: () => void;
  starting: boolean;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const youAreReady = seats[yourSeat].ready;
  const canStart = hasOpponent && !youAreReady && !starting;
  const startRef = useAutoFocus<HTMLButtonElement>(canStart);
  const hint = !hasOpponent
    ? t('liveRoom.waiting.waitingForOpponent')
    : youAreReady
      ? t('liveRoom.waiting.youAreReady')
      : t('liveRoom.waiting.pressStart');
  return (
    <div className="gr-waiting live-waiting" data-testid="waiting-screen">
      <h2>{t('gameRoom.waiting.title')}</h2>
      {engineId && <p>{t(`gameRoom.rules.${engineId}`)}</p>}
      <p className="muted">{t('gameRoom.waiting.timeLimit', { count: timeLimitSeconds })}</p>
      <p className="live-stake" data-testid="stake">
        {t('liveRoom.waiting.stake', { bet: formatDollars(bet), pot: formatDollars(bet * 2) })}
      </p>
      <ReadyList seats={seats} yourSeat={yourSeat} />
      <div className="gr-actions">
        <button
          ref={startRef}
          type="button"
          className="button button-primary gr-start"
          onClick={onStart}
          disabled={!canStart}
          aria-describedby={hintId}
          data-testid="start-game"
        >
          {t('gameRoom.waiting.startGame')}
        </button>
      </div>
      <p id={hintId} className="muted small" role="status" data-testid="waiting-hint">
        {hint}
      </p>
    </div>
  );
}
