import { Injectable, Logger } from '@nestjs/common';
import {
  ACTIVE_ROOM_STATUSES,
  centsToDollars,
  CreateRoomDto,
  GameRoomViewDto,
  HTTP_ERROR_MESSAGES,
  JoinRoomDto,
  LobbyEventKind,
  MatchLogEntry,
  MatchReplayDto,
  NOTIFICATION_TEXTS,
  QuickMatchDto,
  QuickMatchResponseDto,
  REALTIME_MESSAGES,
  ROOM_ERROR_CODES,
  ROOM_ID_PATTERN,
  ROOM_MESSAGES,
  RoomDto,
  RoomsQueryDto,
} from '@skillduel/contracts';
import { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { SqlRunner } from '../database/sql';
import { NotificationsService } from '../notifications/notifications.service';
import { HttpAnswer, IdempotencyService } from '../wallet/idempotency.service';
import { LiveRoomsService } from './live/live-rooms.service';
import { MatchesRepository } from './matches.repository';
import { RoomAdmissionService } from './room-admission.service';
import { RoomEscrowService } from './room-escrow.service';
import { hashRoomPassword } from './room-password';
import { lobbyCardView, privateRoomForbidden } from './private-room-access';
import { timeLimitMsOf, toGameRoomView, toMatchResultDto, toRoomDto } from './room-presenter';
import { FairPlayReviewsRepository } from '../fair-play/fair-play-reviews.repository';
import { RoomRecord, RoomsRepository } from './rooms.repository';

const LIST_LIMIT = 100;

/** A money-moving answer as produced (possibly replayed from an earlier request with the same Idempotency-Key). */
export type RoomAnswer = HttpAnswer & { replayed: boolean };

interface CallerContext {
  userId: string;
  idempotencyKey: string | undefined;
  requestId: string;
  /** The client's address: the location check of the stake (docs/product/kyc.md#location). */
  ip: string;
}

function notFound(): AppError {
  return AppError.notFound(HTTP_ERROR_MESSAGES[404]);
}

/**
 * The rooms calls (docs/product/rooms-and-matches.md). Every change happens in one transaction under the room's row
 * lock (and the player's own row lock for anything that adds a stake, so the open-room cap holds under concurrency);
 * money moves through RoomEscrowService → LedgerService only. The live layer and the lobby hear of each change after
 * it committed.
 */
@Injectable()
export class RoomsService {
  private readonly logger = new Logger('Rooms');

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly matches: MatchesRepository,
    private readonly admission: RoomAdmissionService,
    private readonly escrow: RoomEscrowService,
    private readonly idempotency: IdempotencyService,
    private readonly live: LiveRoomsService,
    private readonly notifications: NotificationsService,
    private readonly config: AppConfig,
    private readonly reviews: FairPlayReviewsRepository,
  ) {}

  async list(query: RoomsQueryDto): Promise<RoomDto[]> {
    const statuses = query.status ? [query.status] : ACTIVE_ROOM_STATUSES;
    const records = await this.rooms.listRooms(this.rooms.runner, { gameId: query.game, statuses, limit: LIST_LIMIT });
    const spectators = await this.live.spectatorCounts(records.map((record) => record.id));
    return records.map((record) => toRoomDto(record, spectators.get(record.id) ?? 0));
  }

  /** The live (playing) public room with the most spectators, else the newest ready/waiting public one; else null. */
  async featured(): Promise<RoomDto | null> {
    const playingRecords = (
      await this.rooms.listRooms(this.rooms.runner, { statuses: ['playing'], limit: LIST_LIMIT })
    ).filter((record) => !record.isPrivate);
    const counts = await this.live.spectatorCounts(playingRecords.map((record) => record.id));
    const playing = playingRecords.map((record) => ({ record, spectators: counts.get(record.id) ?? 0 }));
    if (playing.length > 0) {
      // Sorted newest first already; a stable sort keeps the newest among equals.
      const best = [...playing].sort((a, b) => b.spectators - a.spectators)[0];
      return toRoomDto(best.record, best.spectators);
    }
    const open = (
      await this.rooms.listRooms(this.rooms.runner, { statuses: ['ready', 'waiting'], limit: LIST_LIMIT })
    ).find((record) => !record.isPrivate);
    return open ? toRoomDto(open, await this.spectatorsOf(open.id)) : null;
  }

  async view(roomId: string, viewerId: string | null): Promise<GameRoomViewDto> {
    const record = await this.findOrNotFound(roomId);
    let seedHash: string | null = null;
    if (record.status === 'playing') {
      seedHash =
        this.live.liveSeedHash(roomId) ??
        (await this.matches.findMatch(this.matches.runner, roomId, record.round))?.seedHash ??
        null;
    }
    const last = await this.matches.lastClosedMatch(this.matches.runner, roomId);
    const view = toGameRoomView(record, {
      spectators: await this.spectatorsOf(roomId),
      viewerId,
      seedHash,
      lastResult: last ? toMatchResultDto(last) : null,
      timeLimitMs: timeLimitMsOf(record, this.config.MATCH_TIME_LIMIT_OVERRIDE_MS),
    });
    return record.isPrivate && view.your_seat === null ? lobbyCardView(view) : view;
  }

  /** Anyone may watch (guests too), except a private room: its players only. A cancelled room cannot be watched. */
  async spectate(roomId: string, viewerId: string | null): Promise<GameRoomViewDto> {
    const view = await this.view(roomId, viewerId);
    if (view.status === 'cancelled') throw notFound();
    if (view.isPrivate && view.your_seat === null) throw privateRoomForbidden();
    return view;
  }

  async replay(roomId: string, round: number): Promise<MatchReplayDto> {
    if (!ROOM_ID_PATTERN.test(roomId)) throw notFound();
    const match = await this.matches.findMatch(this.matches.runner, roomId, round, true);
    const result = match ? toMatchResultDto(match) : null;
    if (!match || !result) throw notFound();
    return {
      room_id: roomId,
      round,
      game_id: match.gameId,
      time_limit_ms: match.timeLimitMs,
      result,
      input_log: (match.inputLog ?? []) as MatchLogEntry[],
      review: await this.reviews.roundReview(this.rooms.runner, roomId, round),
    };
  }

  async create(caller: CallerContext, dto: CreateRoomDto): Promise<RoomAnswer> {
    this.assertAcceptingRooms();
    const betCents = this.admission.validBetCents(dto.bet_amount);
    const isPrivate = dto.is_private === true;
    const passwordHash = isPrivate && dto.password ? await hashRoomPassword(dto.password) : null;
    const answer = await this.idempotency.run(
      {
        userId: caller.userId,
        key: caller.idempotencyKey,
        requestId: caller.requestId,
        fingerprint: {
          operation: 'rooms.create',
          gameId: dto.game_id,
          betCents: betCents.toString(),
          isPrivate: String(isPrivate),
          // The password itself is never stored with the key; whether one was given is enough to tell requests apart.
          password: String(Boolean(passwordHash)),
        },
      },
      async (manager) => {
        await this.admission.lockStaker(manager, caller.userId);
        const game = await this.admission.playableGame(manager, dto.game_id, betCents);
        await this.admission.assertMayStake(manager, caller.userId, betCents, caller.ip);
        const room = await this.admission.createRoom(manager, caller.userId, game, betCents, isPrivate, passwordHash);
        return { statusCode: 201, body: toRoomDto(room, 0) };
      },
    );
    await this.announce(answer, 'created');
    return answer;
  }

  async join(caller: CallerContext, roomId: string, dto: JoinRoomDto): Promise<RoomAnswer> {
    if (!ROOM_ID_PATTERN.test(roomId)) throw notFound();
    this.assertAcceptingRooms();
    // Private rooms: the password is checked here, before any lock (scrypt must not run under the room's row lock).
    const passwordVerified = await this.admission.checkRoomPassword(caller.userId, roomId, dto.password);
    // Whether this request seated the caller (not a repeated join of a seated player): only that is news.
    const outcome = { joined: false };
    const answer = await this.idempotency.run(
      {
        userId: caller.userId,
        key: caller.idempotencyKey,
        requestId: caller.requestId,
        fingerprint: { operation: 'rooms.join', roomId },
      },
      async (manager) => {
        outcome.joined = false;
        // Lock order of every stake: the player's row, then the room, then wallets (docs/decisions/0601).
        await this.admission.lockStaker(manager, caller.userId);
        const room = await this.rooms.lockRoom(manager, roomId);
        if (!room) throw notFound();
        if (room.player2Id === caller.userId) {
          // Already in (a retried join): the same answer, no second stake.
          return { statusCode: 200, body: await this.roomDto(manager, roomId) };
        }
        if (room.player1Id === caller.userId)
          throw AppError.badRequest(ROOM_ERROR_CODES.ownRoom, ROOM_MESSAGES.ownRoom);
        // A matchmaking entry's hidden room is seated by the matcher only, never joined by its id (decision 1702).
        if (room.status !== 'waiting' || (await this.rooms.isQueuedRoom(manager, roomId)))
          throw AppError.conflict(ROOM_ERROR_CODES.roomNotJoinable, ROOM_MESSAGES.roomNotJoinable);
        if (room.isPrivate && !passwordVerified) {
          throw new AppError(403, ROOM_ERROR_CODES.wrongPassword, ROOM_MESSAGES.wrongPassword);
        }
        await this.admission.assertMayStake(manager, caller.userId, room.betCents, caller.ip);
        await this.admission.joinRoom(manager, room, caller.userId);
        outcome.joined = true;
        return { statusCode: 200, body: await this.roomDto(manager, roomId) };
      },
    );
    // A seated player calling join again gets the same answer but tells nobody again (no repeated join events).
    if (outcome.joined) {
      await this.announce(answer, 'joined');
      await this.notifyOpponentJoined(roomId);
    }
    return answer;
  }

  /** Joins the oldest waiting public room of that game and bet, else creates one (201). */
  async quickMatch(caller: CallerContext, dto: QuickMatchDto): Promise<RoomAnswer> {
    this.assertAcceptingRooms();
    const betCents = this.admission.validBetCents(dto.bet_amount);
    const answer = await this.idempotency.run(
      {
        userId: caller.userId,
        key: caller.idempotencyKey,
        requestId: caller.requestId,
        fingerprint: { operation: 'rooms.quick-match', gameId: dto.game_id, betCents: betCents.toString() },
      },
      async (manager) => {
        await this.admission.lockStaker(manager, caller.userId);
        const game = await this.admission.playableGame(manager, dto.game_id, betCents);
        await this.admission.assertMayStake(manager, caller.userId, betCents, caller.ip);
        const candidate = await this.rooms.lockQuickMatchCandidate(manager, game.id, betCents, caller.userId);
        if (candidate) {
          await this.admission.joinRoom(manager, candidate, caller.userId);
          const body: QuickMatchResponseDto = { room: await this.roomDto(manager, candidate.id), matched: true };
          return { statusCode: 200, body };
        }
        const room = await this.admission.createRoom(manager, caller.userId, game, betCents, false, null);
        const body: QuickMatchResponseDto = { room: toRoomDto(room, 0), matched: false };
        return { statusCode: 201, body };
      },
    );
    if (!answer.replayed && answer.statusCode < 300) {
      const body = answer.body as QuickMatchResponseDto;
      await this.live.roomChanged(body.room.id, body.matched ? 'joined' : 'created');
      if (body.matched) await this.notifyOpponentJoined(body.room.id);
    }
    return answer;
  }

  /**
   * Leaves a room (docs/product/rooms-and-matches.md#leaving-a-room): a waiting room closes and refunds; in a ready
   * room the creator leaving closes it and refunds both, the joiner leaving is refunded and the room waits again;
   * during play the leaver forfeits; a finished room takes no more Play Again.
   */
  async leave(userId: string, roomId: string, options: { keepPlaying?: boolean } = {}): Promise<RoomDto> {
    if (!ROOM_ID_PATTERN.test(roomId)) throw notFound();
    const outcome = await this.rooms.transaction(async (manager) => {
      const room = await this.rooms.lockRoom(manager, roomId);
      if (!room) throw notFound();
      const seat = room.player1Id === userId ? 0 : room.player2Id === userId ? 1 : null;
      if (seat === null) throw new AppError(403, ROOM_ERROR_CODES.notInRoom, ROOM_MESSAGES.notInRoom);
      switch (room.status) {
        case 'waiting':
          await this.escrow.refundAll(manager, roomId, 'left');
          await this.rooms.setStatus(manager, roomId, 'cancelled', { closeReason: 'left' });
          return 'closed' as const;
        case 'ready':
          if (seat === 0) {
            await this.escrow.refundAll(manager, roomId, 'left');
            await this.rooms.setStatus(manager, roomId, 'cancelled', { closeReason: 'left' });
            return 'closed' as const;
          }
          await this.escrow.refundPlayer(manager, roomId, room.round, userId);
          await this.rooms.setPlayer2(manager, roomId, null, this.config.ROOM_WAITING_EXPIRY_SECONDS);
          return 'updated' as const;
        case 'playing':
          // A break closes the player's other rooms but lets a match in progress be played out.
          return options.keepPlaying ? null : ('forfeit' as const);
        case 'finished':
          await this.rooms.closeFinished(manager, roomId, 'left');
          return 'closed' as const;
        case 'cancelled':
          return null;
      }
    });
    if (outcome === 'forfeit') {
      if (!(await this.live.forfeitByLeave(roomId, userId))) {
        throw AppError.conflict('MATCH_IN_PROGRESS', REALTIME_MESSAGES.notPlaying);
      }
    } else if (outcome) {
      await this.live.roomChanged(roomId, outcome);
    }
    return this.roomDto(this.rooms.runner, roomId);
  }

  // ── The matchmaking queue's use of the rooms code path (docs/decisions/1702) ─────────────────────────────────
  // Each runs inside the caller's transaction, which takes the player rows before the rooms (one lock order).

  /** A queue entry's hidden waiting room: the same checks and escrow as create (player row locked first). */
  async createQueuedRoom(
    manager: EntityManager,
    userId: string,
    gameId: string,
    betCents: bigint,
    expirySeconds: number,
    clientIp: string,
  ): Promise<RoomRecord> {
    this.assertAcceptingRooms();
    await this.admission.lockStaker(manager, userId);
    const game = await this.admission.playableGame(manager, gameId, betCents);
    await this.admission.assertMayStake(manager, userId, betCents, clientIp);
    return this.admission.createRoom(manager, userId, game, betCents, false, null, expirySeconds);
  }

  /** Closes a waiting room and refunds its stake (as leaving it). False when the room no longer waits. */
  async closeQueuedRoom(manager: EntityManager, roomId: string, reason: string): Promise<boolean> {
    const room = await this.rooms.lockRoom(manager, roomId);
    if (room?.status !== 'waiting') return false;
    await this.escrow.refundAll(manager, roomId, reason);
    await this.rooms.setStatus(manager, roomId, 'cancelled', { closeReason: reason });
    return true;
  }

  /**
   * Seats `userId` in a waiting room through the join path (player row already locked by the caller). `clientIp` is
   * the address the player queued from (null when none was kept), checked again for this stake.
   */
  async seatFromQueue(
    manager: EntityManager,
    roomId: string,
    userId: string,
    clientIp: string | null,
  ): Promise<boolean> {
    const room = await this.rooms.lockRoom(manager, roomId);
    if (room?.status !== 'waiting' || room.player1Id === userId) return false;
    await this.admission.lockStaker(manager, userId);
    await this.admission.assertMayStake(manager, userId, room.betCents, clientIp);
    await this.admission.joinRoom(manager, room, userId);
    return true;
  }

  private async roomDto(runner: SqlRunner, roomId: string): Promise<RoomDto> {
    const record = await this.rooms.findRoom(runner, roomId);
    if (!record) throw notFound();
    return toRoomDto(record, await this.spectatorsOf(roomId));
  }

  private async spectatorsOf(roomId: string): Promise<number> {
    return (await this.live.spectatorCounts([roomId])).get(roomId) ?? 0;
  }

  /** A stopping instance takes no new rooms or joins (the proxy sends the retry to another instance). */
  private assertAcceptingRooms(): void {
    if (!this.live.acceptingRooms) {
      throw new AppError(503, 'SERVER_SHUTTING_DOWN', 'This server is shutting down. Please try again in a moment.');
    }
  }

  private async findOrNotFound(roomId: string): Promise<RoomRecord> {
    if (!ROOM_ID_PATTERN.test(roomId)) throw notFound();
    const record = await this.rooms.findRoom(this.rooms.runner, roomId);
    if (!record) throw notFound();
    return record;
  }

  /**
   * "An opponent joined your room" for the creator (docs/product/leaderboard.md#notifications), after the join
   * committed; at most once per opponent per room within OPPONENT_JOINED_NOTIFY_INTERVAL_SECONDS (joining and leaving
   * again is no news). Best effort: the join has happened whatever becomes of its notification.
   */
  private async notifyOpponentJoined(roomId: string): Promise<void> {
    try {
      const room = await this.rooms.findRoom(this.rooms.runner, roomId);
      if (!room?.player2) return;
      const bet = centsToDollars(room.betCents).toFixed(2);
      await this.notifications.notifyAtMostEvery(
        {
          userId: room.player1Id,
          type: 'challenge',
          title: NOTIFICATION_TEXTS.opponentJoinedTitle,
          message: NOTIFICATION_TEXTS.opponentJoined(room.player2.username, room.game.name, bet),
        },
        `opponent-joined:${roomId}:${room.player2.id}`,
        this.config.OPPONENT_JOINED_NOTIFY_INTERVAL_SECONDS,
      );
    } catch (error) {
      this.logger.warn({ err: error, roomId }, 'Opponent-joined notification failed');
    }
  }

  /** Tells the live layer and the lobby about a committed (not replayed) success. */
  private async announce(answer: RoomAnswer, kind: LobbyEventKind): Promise<void> {
    if (answer.replayed || answer.statusCode >= 300) return;
    const room = answer.body as RoomDto;
    await this.live.roomChanged(room.id, kind);
  }
}
