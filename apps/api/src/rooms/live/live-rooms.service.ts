import { BeforeApplicationShutdown, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  EMOTES,
  hasForbiddenChatCharacters,
  LIMITS,
  LobbyEventKind,
  MatchInputAckDto,
  REALTIME_ERROR_CODES,
  REALTIME_MESSAGES,
  RoomJoinedDto,
  SERVER_EVENTS,
  VALIDATION_MESSAGES,
} from '@skillduel/contracts';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { SocketSessionsRepository } from '../../realtime/socket-sessions.repository';
import { MoneyGate } from '../../responsible-gaming/money-gate.service';
import { MatchSettlementService } from '../match-settlement.service';
import { MatchXpService } from '../match-xp.service';
import { RoomEscrowService } from '../room-escrow.service';
import { toRoomDto } from '../room-presenter';
import { MatchedRoomsRepository } from '../matched-rooms.repository';
import { MatchesRepository } from '../matches.repository';
import { RoomStakesRepository } from '../room-stakes.repository';
import { RoomsRepository } from '../rooms.repository';
import { MatchClock } from './match-clock';
import { MatchLifecycle } from './match-lifecycle';
import { RoomBroadcaster } from './room-broadcaster';
import { RoomCluster } from './room-cluster';
import { OwnedRoomRequests, RoomLeases } from './room-leases';
import { RoomRegistry } from './room-registry';
import { RoomViewers, ViewerSocket } from './room-viewers';
import { RoundEnd } from './round-end';

export type { ViewerSocket } from './room-viewers';

/** Time for the last broadcasts to leave before the socket server closes on shutdown. */
const SHUTDOWN_FLUSH_MS = 250;

/**
 * The live side of rooms on this instance (docs/product/rooms-and-matches.md#live-match-flow): presence, chat, ready →
 * countdown → play → settle, Play Again, reconnect grace, and the lobby feed. Money and seats are always changed in the
 * database first (under the room's row lock); memory only drives the match and the broadcasts (docs/decisions/0602).
 *
 * This is the entry point the gateway, REST and other instances call; the work is done by its collaborators, built
 * here and depending on each other in one direction only: RoomLeases → RoomViewers → MatchLifecycle → RoundEnd →
 * RoomBroadcaster / RoomRegistry. The end of a round (decide, settle, publish) is all in `round-end.ts`.
 */
@Injectable()
export class LiveRoomsService implements BeforeApplicationShutdown, OnModuleInit, OnModuleDestroy, OwnedRoomRequests {
  private readonly logger = new Logger('LiveRooms');
  /** This process's id on the matches it runs (heartbeats; crash recovery) and on its room leases. */
  readonly instanceId: string;
  private shuttingDown = false;
  private readonly registry: RoomRegistry;
  private readonly broadcaster: RoomBroadcaster;
  private readonly roundEnd: RoundEnd;
  private readonly lifecycle: MatchLifecycle;
  private readonly viewers: RoomViewers;
  private readonly leases: RoomLeases;
  private roomMoved?: (roomId: string, localSocketIds: string[]) => void;

  constructor(
    private readonly rooms: RoomsRepository,
    escrow: RoomEscrowService,
    settlement: MatchSettlementService,
    private readonly realtime: RealtimeServer,
    private readonly sessions: SocketSessionsRepository,
    clock: MatchClock,
    private readonly config: AppConfig,
    metrics: MetricsService,
    private readonly cluster: RoomCluster,
    matchXp: MatchXpService,
    moneyGate: MoneyGate,
    stakes: RoomStakesRepository,
    matches: MatchesRepository,
    private readonly matchedRooms: MatchedRoomsRepository,
  ) {
    this.instanceId = cluster.instanceId;
    this.registry = new RoomRegistry(rooms, matches, cluster);
    this.broadcaster = new RoomBroadcaster(realtime, cluster, clock);
    this.roundEnd = new RoundEnd(
      this.registry,
      this.broadcaster,
      matches,
      settlement,
      matchXp,
      realtime,
      clock,
      metrics,
      // Past this a stale sweep may void the round anyway (it is not heartbeated while the database is away).
      config.MATCH_STALE_AFTER_SECONDS * 1000,
    );
    this.lifecycle = new MatchLifecycle(
      this.registry,
      this.broadcaster,
      this.roundEnd,
      rooms,
      stakes,
      matches,
      escrow,
      moneyGate,
      realtime,
      clock,
      config,
      metrics,
      this.instanceId,
    );
    this.viewers = new RoomViewers(
      this.registry,
      this.broadcaster,
      this.roundEnd,
      realtime,
      clock,
      config,
      () => this.shuttingDown,
    );
    this.leases = new RoomLeases(cluster, config, this.registry, this.viewers, this, (roomId) => this.handOver(roomId));
  }

  async onModuleInit(): Promise<void> {
    await this.leases.start();
  }

  /** The first shutdown hook: from now on no new rooms or joins are taken here (503). */
  onModuleDestroy(): void {
    this.shuttingDown = true;
    this.leases.stopRenewing();
  }

  /** Whether new rooms may be created or joined here (false once a graceful stop began). */
  get acceptingRooms(): boolean {
    return !this.shuttingDown;
  }

  // ── Queries for the REST side ─────────────────────────────────────────────────────────────────────────────────

  spectatorCount(roomId: string): number {
    return this.registry.get(roomId)?.spectatorCount() ?? 0;
  }

  /** Spectators per room across every instance (the owners publish their counts in Redis when REDIS_URL is set). */
  async spectatorCounts(roomIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const elsewhere = roomIds.filter((id) => !this.registry.has(id));
    const published = await this.cluster.spectators(elsewhere).catch(() => new Map<string, number>());
    for (const id of roomIds) counts.set(id, this.registry.get(id)?.spectatorCount() ?? published.get(id) ?? 0);
    return counts;
  }

  /** Room ids with a round in play on this instance (heartbeats). */
  liveRoomIds(): string[] {
    return this.registry
      .all()
      .filter((runtime) => runtime.match?.isLive || runtime.match?.phase === 'settling')
      .map((runtime) => runtime.id);
  }

  liveSeedHash(roomId: string): string | null {
    const match = this.registry.get(roomId)?.match;
    return match && match.phase !== 'finished' ? match.seedHash : null;
  }

  // ── Socket requests ───────────────────────────────────────────────────────────────────────────────────────────

  async watch(socket: ViewerSocket, roomId: string): Promise<RoomJoinedDto> {
    const joined = await this.viewers.watch(socket, roomId);
    // A player opening a matched room ends its open window (MATCHED_ROOM_OPEN_WINDOW_SECONDS). Best effort: if this
    // fails the room may expire early, which refunds both stakes.
    if (joined.your_seat !== null && joined.room.status === 'ready') {
      await this.matchedRooms
        .markOpened(this.matchedRooms.runner, roomId, this.config.ROOM_WAITING_EXPIRY_SECONDS)
        .catch((error: unknown) => this.logger.warn({ err: error, roomId }, 'Matched room not marked opened'));
    }
    return joined;
  }

  unwatch(socket: ViewerSocket, roomId: string): void {
    this.viewers.unwatch(socket, roomId);
  }

  /** A socket disconnected: it stops watching everything. */
  socketGone(socket: ViewerSocket): void {
    this.viewers.socketGone(socket);
  }

  async ready(socket: ViewerSocket, roomId: string): Promise<void> {
    const { runtime, seat } = this.viewers.seatedViewer(socket, roomId);
    await this.assertSessionLive(socket);
    await this.lifecycle.ready(runtime, seat);
  }

  async playAgain(socket: ViewerSocket, roomId: string): Promise<void> {
    const { runtime, seat } = this.viewers.seatedViewer(socket, roomId);
    await this.assertSessionLive(socket);
    await this.lifecycle.playAgain(runtime, seat);
  }

  input(socket: ViewerSocket, roomId: string, input: unknown): MatchInputAckDto {
    const runtime = this.registry.get(roomId);
    const userId = socket.data.user?.userId;
    if (!userId) throw new RealtimeError(REALTIME_ERROR_CODES.guestPlay, REALTIME_MESSAGES.guestPlay);
    const viewer = runtime?.viewers.get(socket.id);
    if (!runtime || !viewer) throw new RealtimeError(REALTIME_ERROR_CODES.notWatching, REALTIME_MESSAGES.notWatching);
    if (viewer.seat === null) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    return this.lifecycle.input(runtime, viewer.seat, input);
  }

  chat(socket: ViewerSocket, roomId: string, text: string): void {
    const user = socket.data.user;
    if (!user) throw new RealtimeError(REALTIME_ERROR_CODES.guestChat, VALIDATION_MESSAGES.guestChat);
    if (!this.config.FEATURE_CHAT)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.chatDisabled);
    const runtime = this.viewers.watchedRuntime(socket, roomId);
    // Control characters and text-direction marks/overrides/isolates never reach other screens: the message is refused.
    if (hasForbiddenChatCharacters(text)) {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.chatForbiddenCharacters);
    }
    // Surrounding whitespace is trimmed; empty messages are ignored.
    const message = text.trim();
    if (message.length === 0) return;
    if ([...message].length > LIMITS.chatMessageMaxLength) {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.chatTooLong);
    }
    this.broadcaster.postChat(runtime, { userId: user.userId, username: user.username, message, emote: null });
  }

  emote(socket: ViewerSocket, roomId: string, emoteId: string): void {
    const user = socket.data.user;
    if (!user) throw new RealtimeError(REALTIME_ERROR_CODES.guestEmote, VALIDATION_MESSAGES.guestEmote);
    if (!this.config.FEATURE_CHAT)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.chatDisabled);
    const runtime = this.viewers.watchedRuntime(socket, roomId);
    const emote = EMOTES.find((candidate) => candidate.id === emoteId);
    if (!emote) throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.unknownEmote);
    this.broadcaster.postChat(runtime, {
      userId: user.userId,
      username: user.username,
      message: emote.symbol,
      emote: emote.id,
    });
  }

  // ── Changes made over REST (join, leave, expiry) ──────────────────────────────────────────────────────────────

  /** After a committed change to a room: refresh the live state and tell the room and the lobby. */
  async roomChanged(roomId: string, lobbyKind: LobbyEventKind | null, route = true): Promise<void> {
    const owner = route ? await this.leases.remoteOwner(roomId) : null;
    if (owner) {
      try {
        await this.cluster.call(owner, { op: 'roomChanged', roomId, args: { kind: lobbyKind } });
        return;
      } catch (error) {
        this.logger.warn({ err: error, roomId }, 'Room owner unreachable: telling the lobby from here');
      }
    }
    const runtime = this.registry.get(roomId);
    if (runtime) {
      await runtime.exclusive(async () => {
        const before = runtime.record;
        await this.registry.reload(runtime);
        if (
          runtime.record.status !== before.status ||
          runtime.record.player2Id !== before.player2Id ||
          runtime.record.round !== before.round
        ) {
          if (!runtime.match?.isLive) runtime.resetRoundFlags();
          if (runtime.record.status === 'ready' && runtime.record.round !== before.round) runtime.match = null;
        }
        await this.viewers.resyncSockets(runtime);
        this.broadcaster.broadcastState(runtime);
        this.broadcaster.schedulePresence(runtime);
      });
      if (lobbyKind) this.broadcaster.emitLobby(runtime, lobbyKind);
      return;
    }
    if (!lobbyKind) return;
    const record = await this.rooms.findRoom(this.rooms.runner, roomId);
    if (record)
      this.realtime.emitTo(CHANNELS.lobby, SERVER_EVENTS.lobbyRoom, { kind: lobbyKind, room: toRoomDto(record, 0) });
  }

  /**
   * A player leaves a room whose round is being played (REST leave): they forfeit at once. False when this instance
   * does not run the round.
   */
  async forfeitByLeave(roomId: string, userId: string, route = true): Promise<boolean> {
    const owner = route ? await this.leases.remoteOwner(roomId) : null;
    if (owner) return Boolean(await this.cluster.call(owner, { op: 'forfeitByLeave', roomId, args: { userId } }));
    const runtime = this.registry.get(roomId);
    const match = runtime?.match;
    const seat = runtime?.seatOfUser(userId) ?? null;
    if (!runtime || !match || seat === null || !(match.isLive || match.phase === 'settling')) return false;
    await this.roundEnd.endRound(runtime, match, { kind: 'forfeit', loser: seat });
    return true;
  }

  /** A round closed elsewhere (crash recovery): show its result here if this instance has the room loaded. */
  async roundClosedElsewhere(roomId: string, route = true): Promise<void> {
    const owner = route ? await this.leases.remoteOwner(roomId) : null;
    if (owner) {
      const told = await this.cluster.call(owner, { op: 'roundClosedElsewhere', roomId, args: {} }).then(
        () => true,
        () => false,
      );
      if (told) return;
    }
    const runtime = this.registry.get(roomId);
    if (runtime?.match) {
      runtime.match.clearTimers();
      runtime.match = null;
    }
    await this.roomChanged(roomId, 'finished', false);
    // Not loaded here (its owner died): sockets that watched it through that owner are told from here.
    await this.roundEnd.publishLastResult(roomId, runtime);
  }

  /**
   * The instance that ran the room's round died and the round was just voided and refunded here (decision 0801): its
   * lease is freed (the room can be loaded again at once), and the room is told why before it gets the void result.
   */
  async roundOfDeadOwnerVoided(roomId: string, deadInstanceId: string): Promise<void> {
    await this.cluster
      .releaseGoneOwner(roomId, deadInstanceId)
      .catch((error: unknown) => this.logger.warn({ err: error, roomId }, 'Dead owner’s lease not freed'));
    this.realtime.emitTo(CHANNELS.room(roomId), SERVER_EVENTS.error, {
      code: REALTIME_ERROR_CODES.roomServerStopped,
      message: REALTIME_MESSAGES.roomServerStopped,
    });
    await this.roundClosedElsewhere(roomId);
  }

  /** Who watches a room again through its new owner when it moves off this instance (RoomsSocketHandlers). */
  onRoomMoved(listener: (roomId: string, localSocketIds: string[]) => void): void {
    this.roomMoved = listener;
  }

  /**
   * Another instance holds the room's lease now (this one stalled for a whole lease and the room was taken; decision
   * 0801): two copies of a room must not run. A round in play here is voided and refunded, as on a graceful stop
   * (the new owner cannot continue it: its inputs are in this process), and a round being settled finishes first.
   * Then the room leaves this instance's memory, its new owner reloads it, and this instance's sockets watch it again
   * there.
   */
  private async handOver(roomId: string): Promise<void> {
    const runtime = this.registry.get(roomId);
    if (!runtime) return;
    if (runtime.match?.isLive) await this.roundEnd.endRound(runtime, runtime.match, { kind: 'void' });
    await runtime.exclusive(() => Promise.resolve());
    if (this.registry.get(roomId) !== runtime) return;
    runtime.clearTimers();
    this.registry.delete(roomId);
    const localSocketIds = this.viewers.dropRoom(runtime);
    await this.roomChanged(roomId, null).catch((error: unknown) =>
      this.logger.warn({ err: error, roomId }, 'New room owner not told of the hand-over'),
    );
    this.roomMoved?.(roomId, localSocketIds);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    // A stopping instance cannot finish its rounds: void and refund them now rather than leave players waiting for
    // another instance's recovery sweep (a crash is handled by that sweep instead).
    const live = this.registry
      .all()
      .filter((runtime) => runtime.match && (runtime.match.isLive || runtime.match.phase === 'settling'));
    await Promise.all(
      live.map((runtime) =>
        runtime.match ? this.roundEnd.endRound(runtime, runtime.match, { kind: 'void' }) : Promise.resolve(),
      ),
    );
    for (const runtime of this.registry.all()) runtime.clearTimers();
    // Closing the socket server discards unsent packets: give the results a moment to reach the players.
    if (live.length > 0) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS));
    // Other instances may take these rooms at once (their viewers rejoin there).
    await this.leases.releaseAll();
  }

  /** Money-moving socket requests re-check the session (a revoked one may not wait for the periodic sweep). */
  private async assertSessionLive(socket: ViewerSocket): Promise<void> {
    const sessionId = socket.data.user?.sessionId;
    if (!sessionId || !(await this.sessions.isLive(sessionId))) {
      this.realtime.emitToSocketId(socket.id, SERVER_EVENTS.error, {
        code: REALTIME_ERROR_CODES.sessionRevoked,
        message: REALTIME_MESSAGES.sessionRevoked,
      });
      this.realtime.disconnectSocket(socket.id);
      throw new RealtimeError(REALTIME_ERROR_CODES.sessionRevoked, REALTIME_MESSAGES.sessionRevoked);
    }
  }
}
