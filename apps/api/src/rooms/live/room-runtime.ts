import type { ChatMessageDto, LiveMatchDto, MatchResultDto, RoomSeat } from '@skillduel/contracts';
import { LIMITS } from '@skillduel/contracts';
import type { RoomRecord } from '../rooms.repository';
import type { LiveMatch } from './live-match';

/** A seated player as the live room tracks them. */
export interface SeatState {
  userId: string;
  username: string;
  level: number;
  /** This player's sockets watching the room (on this instance). */
  sockets: Set<string>;
  /** Pressed Start for the current round. */
  ready: boolean;
  /** Confirmed Play Again after the last round. */
  playAgain: boolean;
  graceTimer?: NodeJS.Timeout;
  /** While disconnected during a match: when they forfeit (epoch ms). */
  graceEndsAt: number | null;
}

/**
 * One room as this instance runs it: who watches, the seats, the chat, and the round being played. The database
 * row (`record`) stays the authority for seats, status and money; the runtime reloads it after every change.
 */
export class RoomRuntime {
  /** By socket id; `key` is who watches (a user, a guest session, an address), so a viewer counts once. */
  readonly viewers = new Map<string, { seat: RoomSeat | null; userId: string | null; key: string }>();
  seats: [SeatState | null, SeatState | null] = [null, null];
  readonly chat: ChatMessageDto[] = [];
  match: LiveMatch | null = null;
  /** The last closed round (from the database, or just settled here). */
  lastResult: MatchResultDto | null = null;
  lastMatch: LiveMatchDto | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  presenceTimer?: NodeJS.Timeout;
  presencePending = false;
  scoresTimer?: NodeJS.Timeout;
  evictTimer?: NodeJS.Timeout;

  constructor(public record: RoomRecord) {
    this.syncSeats();
  }

  get id(): string {
    return this.record.id;
  }

  /** Runs `work` after every earlier exclusive operation of this room (one at a time per room). */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Rebuilds the seats from `record`, keeping each still-seated player's sockets and flags. */
  syncSeats(): void {
    const players = [this.record.player1, this.record.player2] as const;
    this.seats = players.map((player, index) => {
      if (!player) {
        const old = this.seats[index];
        if (old) clearTimeout(old.graceTimer);
        return null;
      }
      const old = this.seats[index];
      if (old && old.userId === player.id) return { ...old, username: player.username, level: player.level };
      if (old) clearTimeout(old.graceTimer);
      const sockets = new Set<string>();
      for (const [socketId, viewer] of this.viewers) if (viewer.userId === player.id) sockets.add(socketId);
      return {
        userId: player.id,
        username: player.username,
        level: player.level,
        sockets,
        ready: false,
        playAgain: false,
        graceEndsAt: null,
      };
    }) as [SeatState | null, SeatState | null];
    for (const viewer of this.viewers.values()) {
      viewer.seat = viewer.userId === this.seats[0]?.userId ? 0 : viewer.userId === this.seats[1]?.userId ? 1 : null;
      if (viewer.userId === null) viewer.seat = null;
    }
  }

  seatOfUser(userId: string | null | undefined): RoomSeat | null {
    if (!userId) return null;
    if (this.seats[0]?.userId === userId) return 0;
    if (this.seats[1]?.userId === userId) return 1;
    return null;
  }

  isConnected(seat: RoomSeat): boolean {
    return (this.seats[seat]?.sockets.size ?? 0) > 0;
  }

  /** Distinct spectators, not sockets: ten tabs of one user (or one guest session) are one viewer (decision 1002). */
  spectatorCount(): number {
    const keys = new Set<string>();
    for (const viewer of this.viewers.values()) if (viewer.seat === null) keys.add(viewer.key);
    return keys.size;
  }

  addChat(message: ChatMessageDto): void {
    this.chat.push(message);
    if (this.chat.length > LIMITS.chatHistoryKept) this.chat.splice(0, this.chat.length - LIMITS.chatHistoryKept);
  }

  resetRoundFlags(): void {
    for (const seat of this.seats) {
      if (!seat) continue;
      seat.ready = false;
      seat.playAgain = false;
    }
  }

  clearTimers(): void {
    this.match?.clearTimers();
    clearTimeout(this.presenceTimer);
    clearTimeout(this.scoresTimer);
    clearTimeout(this.evictTimer);
    for (const seat of this.seats) if (seat) clearTimeout(seat.graceTimer);
  }

  /** Nothing here needs this instance any more: no viewers and no round in play. */
  get idle(): boolean {
    return this.viewers.size === 0 && !(this.match?.isLive ?? false) && this.match?.phase !== 'settling';
  }
}
