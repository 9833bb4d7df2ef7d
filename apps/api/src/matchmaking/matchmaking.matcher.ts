import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import {
  centsToDollars,
  MATCHMAKING_RECENT_MATCHES,
  SERVER_EVENTS,
  type MatchmakingExpiredDto,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { RealtimeServer } from '../realtime/realtime.server';
import { CHANNELS } from '../realtime/realtime.types';
import { LiveRoomsService } from '../rooms/live/live-rooms.service';
import { MatchedRoomsRepository } from '../rooms/matched-rooms.repository';
import { RoomsService } from '../rooms/rooms.service';
import { pairCandidates, QueueCandidate, QueuePair } from './matchmaking-pairing';
import { MatchmakingRepository, type QueueEntryRecord } from './matchmaking.repository';

/** Entries one tick considers (the oldest first). */
const CANDIDATES_PER_TICK = 2000;
const EXPIRIES_PER_TICK = 200;

type PairOutcome = 'matched' | 'skipped' | 'guest-refused';

/**
 * Pairs queued players every MATCHMAKING_INTERVAL_MS and expires entries after MATCHMAKING_MAX_WAIT_SECONDS. Every
 * instance ticks, but one pass runs at a time across instances (a PostgreSQL advisory lock, with or without Redis);
 * correctness still comes from the row locks alone (docs/decisions/1702, 1703). Each pair is one transaction
 * that claims both entries with SKIP LOCKED, then locks both players' rows by id, then both rooms by id; the guest's
 * hidden room is closed and refunded and the guest joins the host's room through the rooms join path.
 */
@Injectable()
export class MatchmakingMatcher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Matchmaking');
  private timer?: NodeJS.Timeout;
  private running: Promise<boolean> | null = null;
  private stopped = false;

  constructor(
    private readonly repository: MatchmakingRepository,
    private readonly rooms: RoomsService,
    private readonly live: LiveRoomsService,
    private readonly realtime: RealtimeServer,
    private readonly config: AppConfig,
    private readonly matchedRooms: MatchedRoomsRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.tick(), this.config.MATCHMAKING_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /**
   * One pass if no instance is running one (a pass already running on this instance is joined, not doubled).
   * Answers whether this call's pass ran (false: another instance held the matcher lock, or shutting down).
   */
  tick(): Promise<boolean> {
    if (this.stopped) return Promise.resolve(false);
    this.running ??= this.repository
      .whileMatcherLockHeld(() => this.pass())
      .catch((error: unknown) => {
        this.logger.warn({ err: error }, 'Matchmaking lock failed');
        return false;
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /**
   * One pass without the matcher lock (what a second matcher would do if the lock were lost: the tests race these
   * to show pairing stays exactly-once by the row locks alone).
   */
  async pass(): Promise<void> {
    try {
      await this.expire();
      const candidates = await this.repository.waitingCandidates(this.repository.runner, CANDIDATES_PER_TICK);
      if (candidates.length < 2) return;
      const recent = await this.repository.recentOpponents(
        this.repository.runner,
        [...new Set(candidates.map((candidate) => candidate.userId))],
        MATCHMAKING_RECENT_MATCHES,
      );
      const rules = { distinctIps: this.config.MATCHMAKING_DISTINCT_IPS };
      for (const pair of pairCandidates(candidates, recent, rules)) {
        if (this.stopped) return;
        await this.matchPair(pair);
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'Matchmaking pass failed');
    }
  }

  private async expire(): Promise<void> {
    const ids = await this.repository.expiredEntryIds(
      this.repository.runner,
      this.config.MATCHMAKING_MAX_WAIT_SECONDS,
      EXPIRIES_PER_TICK,
    );
    for (const id of ids) {
      const expired = await this.closeEntry(id, 'expired');
      if (expired) this.announceExpiry(expired);
    }
  }

  /** After commit: the player learns the search ended and the stake is back (every tab, any instance). */
  private announceExpiry(entry: QueueEntryRecord): void {
    const payload: MatchmakingExpiredDto = {
      entry_id: entry.id,
      game_id: entry.gameId,
      bet_amount: centsToDollars(entry.betCents),
      refunded_amount: centsToDollars(entry.betCents),
      waited_seconds: Math.round(entry.waitedMs / 1000),
    };
    this.realtime.emitTo(CHANNELS.user(entry.userId), SERVER_EVENTS.matchmakingExpired, payload);
  }

  /**
   * Closes one waiting entry with the refund of its hidden room (expiry, or a guest no longer allowed to stake).
   * Answers the entry when this call refunded it, null when another transaction had it or its room was gone.
   */
  private async closeEntry(entryId: string, status: 'expired' | 'refused'): Promise<QueueEntryRecord | null> {
    return this.repository.transaction(async (manager) => {
      const [entry] = await this.repository.lockWaitingEntries(manager, [entryId]);
      if (!entry) return null;
      await this.repository.lockUser(manager, entry.userId);
      const closed = await this.rooms.closeQueuedRoom(manager, entry.roomId, status);
      await this.repository.closeEntry(manager, entry.id, closed ? status : 'closed');
      return closed ? entry : null;
    });
  }

  private async matchPair([host, guest]: QueuePair): Promise<PairOutcome> {
    let outcome: PairOutcome;
    try {
      outcome = await this.repository.transaction(async (manager) => {
        const entries = await this.repository.lockWaitingEntries(manager, [host.entryId, guest.entryId]);
        // Another matcher, a cancel or an expiry has one of them: leave the pair to them.
        if (entries.length !== 2) return 'skipped';
        for (const userId of [host.userId, guest.userId].sort()) await this.repository.lockUser(manager, userId);
        const rooms = await this.repository.lockRooms(manager, [host.roomId, guest.roomId]);
        let stale = false;
        for (const candidate of [host, guest]) {
          if (rooms.get(candidate.roomId)?.waiting) continue;
          // The hidden room was closed another way (a freeze, a break): the entry is over.
          await this.repository.closeEntry(manager, candidate.entryId, 'closed');
          stale = true;
        }
        if (stale) return 'skipped';
        await this.rooms.closeQueuedRoom(manager, guest.roomId, 'matched');
        if (!(await this.rooms.seatFromQueue(manager, host.roomId, guest.userId, guest.ip))) {
          throw new Error(`matchmaking: room ${host.roomId} refused its guest under lock`);
        }
        await this.repository.closeEntry(manager, host.entryId, 'matched', host.roomId);
        await this.repository.closeEntry(manager, guest.entryId, 'matched', host.roomId);
        // Unless a player opens it soon, the room expires and both stakes go back (a pair made while both players'
        // clients were cut off must not hold their money for the whole room expiry).
        await this.matchedRooms.startOpenWindow(manager, host.roomId, this.config.MATCHED_ROOM_OPEN_WINDOW_SECONDS);
        return 'matched';
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The guest may no longer stake (frozen, on a break, over a limit): they leave the queue with their refund.
      await this.closeEntry(guest.entryId, 'refused');
      return 'guest-refused';
    }
    if (outcome === 'matched') await this.announce(host, guest);
    return outcome;
  }

  private async announce(host: QueueCandidate, guest: QueueCandidate): Promise<void> {
    try {
      await this.live.roomChanged(host.roomId, 'joined');
    } catch (error) {
      this.logger.warn({ err: error, roomId: host.roomId }, 'Matched room: live update failed');
    }
    const payload = { room_id: host.roomId, game_id: host.gameId, bet_amount: centsToDollars(host.betCents) };
    for (const userId of [host.userId, guest.userId]) {
      this.realtime.emitTo(CHANNELS.user(userId), SERVER_EVENTS.matchmakingMatched, payload);
    }
  }
}
