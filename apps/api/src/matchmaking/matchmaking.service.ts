import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  EnterQueueDto,
  HTTP_ERROR_MESSAGES,
  MATCHMAKING_ERROR_CODES,
  MATCHMAKING_MESSAGES,
  matchmakingWindowWidth,
  MatchmakingEntryDto,
  parseDollarsToCents,
  ROOM_ERROR_CODES,
  VALIDATION_MESSAGES,
} from '@skillduel/contracts';
import type { RequestDevice } from '../auth/devices/device-cookie';
import { DevicesService } from '../auth/devices/devices.service';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { RoomsService } from '../rooms/rooms.service';
import { HttpAnswer, IdempotencyService } from '../wallet/idempotency.service';
import { MatchmakingRepository, QueueEntryRecord } from './matchmaking.repository';

/** The hidden room outlives the entry, so the queue's own expiry (with its refund) always comes first. */
const ROOM_EXPIRY_MARGIN_SECONDS = 60;

function toEntryDto(entry: QueueEntryRecord): MatchmakingEntryDto {
  const width = matchmakingWindowWidth(entry.waitedMs);
  return {
    id: entry.id,
    game_id: entry.gameId,
    bet_amount: centsToDollars(entry.betCents),
    status: entry.status,
    since: entry.createdAt.toISOString(),
    waited_ms: Math.round(entry.waitedMs),
    rating: Math.round(entry.rating),
    rating_window: { min: Math.round(entry.rating - width), max: Math.round(entry.rating + width) },
    room_id: entry.matchedRoomId,
  };
}

/**
 * The queue calls (docs/product/matchmaking.md#queue, docs/decisions/1702): an entry is a hidden waiting room made
 * through the rooms code path (eligibility, limits, freezes, the open-room cap, escrow); leaving closes it with the
 * refund of leaving a waiting room. The pairing itself is MatchmakingMatcher's.
 */
@Injectable()
export class MatchmakingService {
  constructor(
    private readonly repository: MatchmakingRepository,
    private readonly rooms: RoomsService,
    private readonly idempotency: IdempotencyService,
    private readonly config: AppConfig,
    private readonly devices: DevicesService,
  ) {}

  async enter(
    caller: {
      userId: string;
      idempotencyKey: string | undefined;
      requestId: string;
      sessionId: string;
      /** The server-issued device id the client presented (decision 2330); null: an unknown device. */
      device: RequestDevice | null;
      ip: string;
    },
    dto: EnterQueueDto,
  ): Promise<HttpAnswer & { replayed: boolean }> {
    const betCents = parseDollarsToCents(dto.bet_amount);
    if (betCents === null || betCents <= 0n)
      throw AppError.badRequest(ROOM_ERROR_CODES.invalidBet, VALIDATION_MESSAGES.invalidBet);
    const deviceId = caller.device?.id ?? null;
    if (caller.device) await this.devices.recordUse(caller.userId, caller.sessionId, caller.device);
    return this.idempotency.run(
      {
        userId: caller.userId,
        key: caller.idempotencyKey,
        requestId: caller.requestId,
        fingerprint: { operation: 'matchmaking.enter', gameId: dto.game_id, betCents: betCents.toString() },
      },
      async (manager) => {
        // The player's row first: one entry at a time, and every stake's lock order.
        if (!(await this.repository.lockUser(manager, caller.userId))) {
          throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
        }
        if (await this.repository.activeEntryOf(manager, caller.userId)) {
          throw AppError.conflict(MATCHMAKING_ERROR_CODES.alreadyQueued, MATCHMAKING_MESSAGES.alreadyQueued);
        }
        const room = await this.rooms.createQueuedRoom(
          manager,
          caller.userId,
          dto.game_id,
          betCents,
          this.config.MATCHMAKING_MAX_WAIT_SECONDS + ROOM_EXPIRY_MARGIN_SECONDS,
          caller.ip,
        );
        const rating = await this.repository.ratingOf(manager, caller.userId, room.gameId);
        const entry = await this.repository.insertEntry(manager, {
          userId: caller.userId,
          roomId: room.id,
          gameId: room.gameId,
          betCents,
          rating,
          deviceId,
          ip: caller.ip,
        });
        return { statusCode: 201, body: toEntryDto(entry) };
      },
    );
  }

  /**
   * The player's waiting entry; else their matched entry while its room is still to be played and they sit in it
   * (status `matched`, `room_id`), so that a client without a socket learns its room by polling; else null.
   */
  async current(userId: string): Promise<MatchmakingEntryDto | null> {
    const runner = this.repository.runner;
    const entry =
      (await this.repository.activeEntryOf(runner, userId)) ??
      (await this.repository.openMatchedEntryOf(runner, userId));
    return entry ? toEntryDto(entry) : null;
  }

  /** Leaves the queue: the hidden room closes and the stake comes back, once, even against a concurrent match. */
  async leave(userId: string): Promise<MatchmakingEntryDto> {
    return this.repository.transaction(async (manager) => {
      // The entry first (a matcher holding it finishes first), then the player, then the room.
      const entry = await this.repository.lockLatestEntryOf(manager, userId);
      if (entry?.status === 'matched') {
        throw new AppError(
          409,
          MATCHMAKING_ERROR_CODES.alreadyMatched,
          MATCHMAKING_MESSAGES.alreadyMatched,
          undefined,
          {
            room_id: entry.matchedRoomId ?? '',
          },
        );
      }
      if (entry?.status !== 'waiting') {
        throw new AppError(404, MATCHMAKING_ERROR_CODES.notQueued, MATCHMAKING_MESSAGES.notQueued);
      }
      await this.repository.lockUser(manager, userId);
      const closed = await this.rooms.closeQueuedRoom(manager, entry.roomId, 'left');
      await this.repository.closeEntry(manager, entry.id, closed ? 'cancelled' : 'closed');
      if (!closed) throw new AppError(404, MATCHMAKING_ERROR_CODES.notQueued, MATCHMAKING_MESSAGES.notQueued);
      return toEntryDto({ ...entry, status: 'cancelled' });
    });
  }
}
