import { BeforeApplicationShutdown, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import {
  centsToDollars,
  ChatMessageDto,
  EMOTES,
  EmoteId,
  LIMITS,
  LobbyEventKind,
  MatchInputAckDto,
  REALTIME_ERROR_CODES,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  RoomJoinedDto,
  RoomPhase,
  RoomPresenceDto,
  RoomSeat,
  RoomStateDto,
  SERVER_EVENTS,
  VALIDATION_MESSAGES,
} from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { AppConfig } from '../../config/app-config';
import { MetricsService } from '../../metrics/metrics.service';
import { RealtimeServer } from '../../realtime/realtime.server';
import type { AuthUser } from '../../auth/current-user.decorator';
import { CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { SocketSessionsRepository } from '../../realtime/socket-sessions.repository';
import { MatchSettlementService } from '../match-settlement.service';
import { MatchXpService } from '../match-xp.service';
import { RoomEscrowService, RoundDecision } from '../room-escrow.service';
import { timeLimitMsOf, toGameResultDto, toMatchResultDto, toRoomDto } from '../room-presenter';
import { MoneyGate } from '../../responsible-gaming/money-gate.service';
import { RoomsRepository } from '../rooms.repository';
import { engineFor, LiveMatch, newSeed } from './live-match';
import { MatchClock } from './match-clock';
import { ClusterRequest, RoomCluster } from './room-cluster';
import { RoomRuntime } from './room-runtime';

/** How long a room nobody watches stays in memory (its chat with it). */
const EVICT_AFTER_MS = 60_000;
/** Settlement attempts before the round is left to crash recovery (docs/decisions/0602). */
const SETTLE_ATTEMPTS = 3;
const SETTLE_RETRY_MS = 500;
/** Time for the last broadcasts to leave before the socket server closes on shutdown. */
const SHUTDOWN_FLUSH_MS = 250;
/** NUL, and the bidirectional embeddings/overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
// eslint-disable-next-line no-control-regex
const CHAT_FORBIDDEN_CHARACTERS = /[\u0000\u202a-\u202e\u2066-\u2069]/;

/**
 * A socket as the room's owner sees it: connected to this instance (an AppSocket) or to another one (its id and user,
 * forwarded through RoomCluster). Channels and emits go through RealtimeServer by socket id, so both work.
 */
export interface ViewerSocket {
  id: string;
  /** `viewerKey`: who watches, for spectator counts (the gateway sets it; decision 1002). */
  data: { user: AuthUser | null; viewerKey?: string };
  connected: boolean;
}

/** Why a live round ends without the engine deciding it. */
type ForcedEnd = { kind: 'forfeit'; loser: RoomSeat } | { kind: 'void' };

/**
 * The live side of rooms on this instance (PRODUCT.md §4, §6): presence, chat, ready → countdown → play → settle, Play
 * Again, reconnect grace, and the lobby feed. Money and seats are always changed in the database first (under the
 * room's row lock); memory only drives the match and the broadcasts (docs/decisions/0602).
 */
@Injectable()
export class LiveRoomsService implements BeforeApplicationShutdown, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('LiveRooms');
  private readonly runtimes = new Map<string, RoomRuntime>();
  private readonly loading = new Map<string, Promise<RoomRuntime | null>>();
  /** Rooms each socket watches. */
  private readonly watching = new Map<string, Set<string>>();
  /** Sockets of other instances watching rooms run here: socket id → the instance it is connected to. */
  private readonly remoteViewers = new Map<string, string>();
  /** This process's id on the matches it runs (heartbeats; crash recovery) and on its room leases. */
  readonly instanceId: string;
  private shuttingDown = false;
  private leaseTimer?: NodeJS.Timeout;

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly escrow: RoomEscrowService,
    private readonly settlement: MatchSettlementService,
    private readonly realtime: RealtimeServer,
    private readonly sessions: SocketSessionsRepository,
    private readonly clock: MatchClock,
    private readonly config: AppConfig,
    private readonly metrics: MetricsService,
    private readonly cluster: RoomCluster,
    private readonly matchXp: MatchXpService,
    private readonly moneyGate: MoneyGate,
  ) {
    this.instanceId = cluster.instanceId;
  }

  async onModuleInit(): Promise<void> {
    if (!this.cluster.enabled) return;
    await this.cluster.serve((request) => this.served(request));
    this.leaseTimer = setInterval(() => void this.renewLeases(), Math.floor(this.config.ROOM_OWNER_LEASE_MS / 3));
    this.leaseTimer.unref();
  }

  /** The first shutdown hook: from now on no new rooms or joins are taken here (503). */
  onModuleDestroy(): void {
    this.shuttingDown = true;
    clearInterval(this.leaseTimer);
  }

  /** Whether new rooms may be created or joined here (false once a graceful stop began). */
  get acceptingRooms(): boolean {
    return !this.shuttingDown;
  }

  // ── Scale-out (REDIS_URL): requests forwarded by other instances to this one, the room's owner ───────────────

  private async served(request: ClusterRequest): Promise<unknown> {
    const { roomId, args } = request;
    const viewer: ViewerSocket = {
      id: String(args['socketId'] ?? ''),
      data: {
        user: (args['user'] as AuthUser | null | undefined) ?? null,
        viewerKey: typeof args['viewerKey'] === 'string' ? args['viewerKey'] : undefined,
      },
      connected: true,
    };
    switch (request.op) {
      case 'watch':
        if ((await this.cluster.ownerFor(roomId)) !== this.instanceId) {
          throw new RealtimeError(REALTIME_ERROR_CODES.internal, REALTIME_MESSAGES.internal);
        }
        return this.watch(viewer, roomId).then((joined) => {
          if (request.from) this.remoteViewers.set(viewer.id, request.from);
          return joined;
        });
      case 'unwatch':
        return this.unwatch(viewer, roomId);
      case 'gone':
        return this.socketGone(viewer);
      case 'ready':
        return this.ready(viewer, roomId);
      case 'playAgain':
        return this.playAgain(viewer, roomId);
      case 'input':
        return this.input(viewer, roomId, args['input']);
      case 'chat':
        return this.chat(viewer, roomId, String(args['text'] ?? ''));
      case 'emote':
        return this.emote(viewer, roomId, String(args['emote'] ?? ''));
      case 'roomChanged':
        return this.roomChanged(roomId, (args['kind'] as LobbyEventKind | null) ?? null, false);
      case 'forfeitByLeave':
        return this.forfeitByLeave(roomId, String(args['userId']), false);
      case 'roundClosedElsewhere':
        return this.roundClosedElsewhere(roomId, false);
      default:
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.invalidPayload);
    }
  }

  /** The other instance that runs the room now (REST-side changes are applied there), else null. */
  private async remoteOwner(roomId: string): Promise<string | null> {
    if (!this.cluster.enabled || this.runtimes.has(roomId)) return null;
    const owner = await this.cluster.currentOwner(roomId).catch(() => null);
    return owner && owner !== this.instanceId ? owner : null;
  }

  private async renewLeases(): Promise<void> {
    try {
      const ids = [...this.runtimes.keys()];
      const lost = await this.cluster.renew(ids);
      for (const roomId of lost) this.logger.warn({ roomId }, 'Room ownership lease lost');
      await this.forgetSocketsOfDeadInstances();
      for (const runtime of this.runtimes.values()) {
        void this.cluster.publishSpectators(runtime.id, runtime.spectatorCount());
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Room lease renewal failed');
    }
  }

  /**
   * A forwarding instance that died (SIGKILL) never says that its sockets left: once its heartbeat lapsed, they are
   * handled as disconnected here (presence, spectator counts, a seated player's grace period → forfeit or void).
   */
  private async forgetSocketsOfDeadInstances(): Promise<void> {
    for (const socketId of this.remoteViewers.keys()) {
      if (!this.watching.get(socketId)?.size) this.remoteViewers.delete(socketId);
    }
    const dead = await this.cluster.deadInstances([...new Set(this.remoteViewers.values())]);
    for (const instanceId of dead) {
      const sockets = [...this.remoteViewers].filter(([, viewerInstance]) => viewerInstance === instanceId);
      this.logger.warn({ instanceId, sockets: sockets.length }, 'Instance gone: its sockets count as disconnected');
      for (const [socketId] of sockets) this.socketGone({ id: socketId, data: { user: null }, connected: false });
    }
  }

  // ── Queries for the REST side ─────────────────────────────────────────────────────────────────────────────────

  spectatorCount(roomId: string): number {
    return this.runtimes.get(roomId)?.spectatorCount() ?? 0;
  }

  /** Spectators per room across every instance (the owners publish their counts in Redis when REDIS_URL is set). */
  async spectatorCounts(roomIds: string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const elsewhere = roomIds.filter((id) => !this.runtimes.has(id));
    const published = await this.cluster.spectators(elsewhere).catch(() => new Map<string, number>());
    for (const id of roomIds) counts.set(id, this.runtimes.get(id)?.spectatorCount() ?? published.get(id) ?? 0);
    return counts;
  }

  /** Room ids with a round in play on this instance (heartbeats). */
  liveRoomIds(): string[] {
    return [...this.runtimes.values()]
      .filter((runtime) => runtime.match?.isLive || runtime.match?.phase === 'settling')
      .map((runtime) => runtime.id);
  }

  liveSeedHash(roomId: string): string | null {
    const match = this.runtimes.get(roomId)?.match;
    return match && match.phase !== 'finished' ? match.seedHash : null;
  }

  // ── Socket requests ───────────────────────────────────────────────────────────────────────────────────────────

  async watch(socket: ViewerSocket, roomId: string): Promise<RoomJoinedDto> {
    const watched = this.watching.get(socket.id) ?? new Set<string>();
    if (!watched.has(roomId) && watched.size >= REALTIME_LIMITS.maxRoomsPerSocket) {
      throw new RealtimeError(REALTIME_ERROR_CODES.tooManyRooms, REALTIME_MESSAGES.tooManyRooms);
    }
    const runtime = await this.runtime(roomId);
    if (!runtime) throw new RealtimeError(REALTIME_ERROR_CODES.roomNotFound, 'Resource not found');
    if (!socket.connected) throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notWatching);
    clearTimeout(runtime.evictTimer);
    runtime.evictTimer = undefined;

    const userId = socket.data.user?.userId ?? null;
    const seat = runtime.seatOfUser(userId);
    watched.add(roomId);
    this.watching.set(socket.id, watched);
    const key = socket.data.viewerKey ?? (userId ? `user:${userId}` : `socket:${socket.id}`);
    runtime.viewers.set(socket.id, { seat, userId, key });
    await this.realtime.joinChannel(socket.id, CHANNELS.room(roomId));
    if (seat !== null) {
      await this.realtime.joinChannel(socket.id, CHANNELS.seat(roomId, seat));
      const seatState = runtime.seats[seat];
      if (seatState) {
        seatState.sockets.add(socket.id);
        if (seatState.graceTimer) {
          // Back within the grace period: the match goes on.
          clearTimeout(seatState.graceTimer);
          seatState.graceTimer = undefined;
          seatState.graceEndsAt = null;
        }
      }
    }
    this.schedulePresence(runtime, seat !== null);
    const joined: RoomJoinedDto = { ...this.stateOf(runtime), your_seat: seat, chat: [...runtime.chat] };
    const match = runtime.match;
    if (seat !== null && match?.phase === 'playing') {
      // Resume: the player's own view right after the ack.
      setImmediate(() => this.sendView(runtime, seat, [socket.id]));
    }
    return joined;
  }

  unwatch(socket: ViewerSocket, roomId: string): void {
    const runtime = this.runtimes.get(roomId);
    void this.realtime.leaveChannel(socket.id, CHANNELS.room(roomId));
    void this.realtime.leaveChannel(socket.id, CHANNELS.seat(roomId, 0));
    void this.realtime.leaveChannel(socket.id, CHANNELS.seat(roomId, 1));
    this.watching.get(socket.id)?.delete(roomId);
    if (runtime) this.removeViewer(runtime, socket.id);
  }

  /** A socket disconnected: it stops watching everything. */
  socketGone(socket: ViewerSocket): void {
    const rooms = this.watching.get(socket.id);
    this.watching.delete(socket.id);
    this.remoteViewers.delete(socket.id);
    for (const roomId of rooms ?? []) {
      const runtime = this.runtimes.get(roomId);
      if (runtime) this.removeViewer(runtime, socket.id);
    }
  }

  async ready(socket: ViewerSocket, roomId: string): Promise<void> {
    const { runtime, seat } = this.seatedViewer(socket, roomId);
    await this.assertSessionLive(socket);
    await runtime.exclusive(async () => {
      if (runtime.record.status !== 'ready' || runtime.match?.isLive || runtime.match?.phase === 'settling') {
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
      }
      const seatState = runtime.seats[seat];
      if (!seatState) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      seatState.ready = true;
      if (runtime.seats.every((state) => state?.ready) && runtime.isConnected(0) && runtime.isConnected(1)) {
        await this.startCountdown(runtime);
      } else {
        this.broadcastState(runtime);
      }
    });
  }

  async playAgain(socket: ViewerSocket, roomId: string): Promise<void> {
    const { runtime, seat } = this.seatedViewer(socket, roomId);
    await this.assertSessionLive(socket);
    await runtime.exclusive(async () => {
      const record = runtime.record;
      if (record.status !== 'finished' || record.closedAt !== null || runtime.match?.isLive || !record.player2Id) {
        throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
      }
      const seatState = runtime.seats[seat];
      if (!seatState) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
      seatState.playAgain = true;
      if (!(runtime.seats.every((state) => state?.playAgain) && runtime.isConnected(0) && runtime.isConnected(1))) {
        this.broadcastState(runtime);
        return;
      }
      const refusal = await this.escrowNextRound(runtime);
      if (refusal === null) {
        runtime.resetRoundFlags();
        runtime.match = null;
        await this.reload(runtime);
        this.broadcastState(runtime);
        this.emitLobby(runtime, 'updated');
        return;
      }
      runtime.resetRoundFlags();
      this.broadcastState(runtime);
      if (refusal.kind === 'protection') {
        // The player's own limits, break or eligibility: they hear why; the opponent hears that no round follows.
        this.realtime.emitTo(CHANNELS.seat(roomId, refusal.seat), SERVER_EVENTS.error, {
          code: refusal.error.code,
          message: refusal.error.message,
        });
        const opponentCannotPlay = new RealtimeError(
          REALTIME_ERROR_CODES.invalidState,
          REALTIME_MESSAGES.opponentCannotPlayAgain,
        );
        const otherSeat: RoomSeat = refusal.seat === 0 ? 1 : 0;
        this.realtime.emitTo(CHANNELS.seat(roomId, otherSeat), SERVER_EVENTS.error, {
          code: opponentCannotPlay.code,
          message: opponentCannotPlay.message,
        });
        throw refusal.seat === seat ? refusal.error : opponentCannotPlay;
      }
      const lacking = refusal.seat;
      const insufficient = {
        code: REALTIME_ERROR_CODES.insufficientBalance,
        message: VALIDATION_MESSAGES.insufficientBalance,
      };
      this.realtime.emitTo(CHANNELS.seat(roomId, lacking), SERVER_EVENTS.error, insufficient);
      if (lacking === seat)
        throw new RealtimeError(REALTIME_ERROR_CODES.insufficientBalance, VALIDATION_MESSAGES.insufficientBalance);
      throw new RealtimeError(REALTIME_ERROR_CODES.insufficientBalance, REALTIME_MESSAGES.opponentCannotAfford);
    });
  }

  input(socket: ViewerSocket, roomId: string, input: unknown): MatchInputAckDto {
    const runtime = this.runtimes.get(roomId);
    const userId = socket.data.user?.userId;
    if (!userId) throw new RealtimeError(REALTIME_ERROR_CODES.guestPlay, REALTIME_MESSAGES.guestPlay);
    const viewer = runtime?.viewers.get(socket.id);
    if (!runtime || !viewer) throw new RealtimeError(REALTIME_ERROR_CODES.notWatching, REALTIME_MESSAGES.notWatching);
    if (viewer.seat === null) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    const match = runtime.match;
    if (!match || match.phase !== 'playing') {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notPlaying);
    }
    const seat = viewer.seat;
    const atMs = match.atMs(this.clock.monotonicMs());
    const applied = match.applyInput(seat, input, atMs);
    const result = match.engineResult();
    if (result) {
      void this.endRound(runtime, match, null);
    } else {
      this.sendView(runtime, seat);
      this.markScoresDirty(runtime);
      this.scheduleEvent(runtime, match);
    }
    return applied.ok
      ? { accepted: true, at_ms: atMs, outcome: { ...applied.outcome } }
      : { accepted: false, at_ms: atMs, reason: applied.reason };
  }

  chat(socket: ViewerSocket, roomId: string, text: string): void {
    const user = socket.data.user;
    if (!user) throw new RealtimeError(REALTIME_ERROR_CODES.guestChat, VALIDATION_MESSAGES.guestChat);
    if (!this.config.FEATURE_CHAT)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.chatDisabled);
    const runtime = this.watchedRuntime(socket, roomId);
    // NUL and bidirectional overrides/isolates (which make a message display as something else) are refused.
    if (CHAT_FORBIDDEN_CHARACTERS.test(text)) {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.chatForbiddenCharacters);
    }
    // Control characters never reach other screens; surrounding whitespace is trimmed; empty messages are ignored.
    // eslint-disable-next-line no-control-regex
    const message = text.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
    if (message.length === 0) return;
    if ([...message].length > LIMITS.chatMessageMaxLength) {
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.chatTooLong);
    }
    this.postChat(runtime, { userId: user.userId, username: user.username, message, emote: null });
  }

  emote(socket: ViewerSocket, roomId: string, emoteId: string): void {
    const user = socket.data.user;
    if (!user) throw new RealtimeError(REALTIME_ERROR_CODES.guestEmote, VALIDATION_MESSAGES.guestEmote);
    if (!this.config.FEATURE_CHAT)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.chatDisabled);
    const runtime = this.watchedRuntime(socket, roomId);
    const emote = EMOTES.find((candidate) => candidate.id === emoteId);
    if (!emote) throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.unknownEmote);
    this.postChat(runtime, { userId: user.userId, username: user.username, message: emote.symbol, emote: emote.id });
  }

  // ── Changes made over REST (join, leave, expiry) ──────────────────────────────────────────────────────────────

  /** After a committed change to a room: refresh the live state and tell the room and the lobby. */
  async roomChanged(roomId: string, lobbyKind: LobbyEventKind | null, route = true): Promise<void> {
    const owner = route ? await this.remoteOwner(roomId) : null;
    if (owner) {
      try {
        await this.cluster.call(owner, { op: 'roomChanged', roomId, args: { kind: lobbyKind } });
        return;
      } catch (error) {
        this.logger.warn({ err: error, roomId }, 'Room owner unreachable: telling the lobby from here');
      }
    }
    const runtime = this.runtimes.get(roomId);
    if (runtime) {
      await runtime.exclusive(async () => {
        const before = runtime.record;
        await this.reload(runtime);
        if (
          runtime.record.status !== before.status ||
          runtime.record.player2Id !== before.player2Id ||
          runtime.record.round !== before.round
        ) {
          if (!runtime.match?.isLive) runtime.resetRoundFlags();
          if (runtime.record.status === 'ready' && runtime.record.round !== before.round) runtime.match = null;
        }
        await this.resyncSockets(runtime);
        this.broadcastState(runtime);
        this.schedulePresence(runtime);
      });
      if (lobbyKind) this.emitLobby(runtime, lobbyKind);
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
    const owner = route ? await this.remoteOwner(roomId) : null;
    if (owner) return Boolean(await this.cluster.call(owner, { op: 'forfeitByLeave', roomId, args: { userId } }));
    const runtime = this.runtimes.get(roomId);
    const match = runtime?.match;
    const seat = runtime?.seatOfUser(userId) ?? null;
    if (!runtime || !match || seat === null || !(match.isLive || match.phase === 'settling')) return false;
    await this.endRound(runtime, match, { kind: 'forfeit', loser: seat });
    return true;
  }

  /** A round closed elsewhere (crash recovery): show its result here if this instance has the room loaded. */
  async roundClosedElsewhere(roomId: string, route = true): Promise<void> {
    const owner = route ? await this.remoteOwner(roomId) : null;
    if (owner) {
      const told = await this.cluster.call(owner, { op: 'roundClosedElsewhere', roomId, args: {} }).then(
        () => true,
        () => false,
      );
      if (told) return;
    }
    const runtime = this.runtimes.get(roomId);
    if (runtime?.match) {
      runtime.match.clearTimers();
      runtime.match = null;
    }
    await this.roomChanged(roomId, 'finished', false);
    // Not loaded here (its owner died): sockets that watched it through that owner are told from here.
    await this.publishLastResult(roomId, runtime);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.shuttingDown = true;
    // A stopping instance cannot finish its rounds: void and refund them now rather than leave players waiting for
    // another instance's recovery sweep (a crash is handled by that sweep instead).
    const live = [...this.runtimes.values()].filter(
      (runtime) => runtime.match && (runtime.match.isLive || runtime.match.phase === 'settling'),
    );
    await Promise.all(
      live.map((runtime) =>
        runtime.match ? this.endRound(runtime, runtime.match, { kind: 'void' }) : Promise.resolve(),
      ),
    );
    for (const runtime of this.runtimes.values()) runtime.clearTimers();
    // Closing the socket server discards unsent packets: give the results a moment to reach the players.
    if (live.length > 0) await new Promise((resolve) => setTimeout(resolve, SHUTDOWN_FLUSH_MS));
    // Other instances may take these rooms at once (their viewers rejoin there).
    clearInterval(this.leaseTimer);
    await Promise.all([...this.runtimes.keys()].map((roomId) => this.cluster.release(roomId)));
  }

  // ── The match ─────────────────────────────────────────────────────────────────────────────────────────────────

  private async startCountdown(runtime: RoomRuntime): Promise<void> {
    const record = runtime.record;
    const engine = engineFor(record.gameId);
    if (!engine || !record.player2Id)
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
    const { seed, seedHash } = newSeed();
    const timeLimitMs = timeLimitMsOf(record, this.config.MATCH_TIME_LIMIT_OVERRIDE_MS);
    const countdownMs = this.config.MATCH_COUNTDOWN_MS;
    const started = await this.rooms.transaction(async (manager) => {
      const room = await this.rooms.lockRoom(manager, record.id);
      if (!room || room.status !== 'ready' || room.round !== record.round || !room.player2Id) return false;
      if (room.player2Id !== record.player2Id) return false;
      const held = await this.rooms.heldStakes(manager, room.id, room.round);
      if (held.length !== 2) return false;
      await this.rooms.insertMatch(manager, {
        roomId: room.id,
        round: room.round,
        gameId: room.gameId,
        player1Id: room.player1Id,
        player2Id: room.player2Id,
        betCents: room.betCents,
        timeLimitMs,
        seed,
        seedHash,
        instanceId: this.instanceId,
        countdownMs,
      });
      await this.rooms.setStatus(manager, room.id, 'playing');
      return true;
    });
    if (!started) {
      await this.reload(runtime);
      runtime.resetRoundFlags();
      this.broadcastState(runtime);
      throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notReadyState);
    }
    const match = new LiveMatch(record.round, engine, seed, seedHash, timeLimitMs, this.clock.epochMs() + countdownMs);
    runtime.match = match;
    this.metrics.liveMatches.inc();
    runtime.record = { ...record, status: 'playing', expiresAt: null };
    match.countdownTimer = setTimeout(
      () => void runtime.exclusive(() => Promise.resolve(this.beginPlay(runtime, match))),
      countdownMs,
    );
    match.countdownTimer.unref();
    this.realtime.emitTo(CHANNELS.room(record.id), SERVER_EVENTS.matchCountdown, {
      room_id: record.id,
      round: match.round,
      seed_hash: seedHash,
      starts_at: match.startsAtEpochMs,
      countdown_ms: countdownMs,
      time_limit_ms: timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    this.broadcastState(runtime);
    this.emitLobby(runtime, 'started');
  }

  private beginPlay(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'countdown') return;
    match.begin(this.clock.monotonicMs(), this.clock.epochMs());
    this.rooms
      .markPlaying(this.rooms.runner, runtime.id, match.round, new Date(match.startsAtEpochMs))
      .catch((error: unknown) =>
        this.logger.error({ err: error, roomId: runtime.id }, 'Could not mark the match playing'),
      );
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchStarted, {
      room_id: runtime.id,
      round: match.round,
      started_at: match.startsAtEpochMs,
      ends_at: match.startsAtEpochMs + match.timeLimitMs,
      time_limit_ms: match.timeLimitMs,
      server_time: this.clock.epochMs(),
    });
    this.sendView(runtime, 0);
    this.sendView(runtime, 1);
    this.broadcastScores(runtime);
    this.broadcastState(runtime);
    match.timeUpTimer = setTimeout(() => this.onTimeUp(runtime, match), match.timeLimitMs);
    match.timeUpTimer.unref();
    this.scheduleEvent(runtime, match);
  }

  /** Time is up: the engine decides at exactly the time limit, whatever the timer's own lateness. */
  private onTimeUp(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'playing') return;
    match.tick(match.timeLimitMs);
    void this.endRound(runtime, match, null);
  }

  /** Ticks the engine at the next timed event and pushes the views. */
  private onTimer(runtime: RoomRuntime, match: LiveMatch): void {
    if (runtime.match !== match || match.phase !== 'playing') return;
    match.tick(Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs));
    if (match.engineResult()) {
      void this.endRound(runtime, match, null);
      return;
    }
    this.sendView(runtime, 0);
    this.sendView(runtime, 1);
    this.markScoresDirty(runtime);
    this.scheduleEvent(runtime, match);
  }

  private scheduleEvent(runtime: RoomRuntime, match: LiveMatch): void {
    clearTimeout(match.eventTimer);
    match.eventTimer = undefined;
    const next = match.nextEventAtMs();
    if (next === null || next >= match.timeLimitMs) return;
    const delayMs = Math.max(0, next - match.atMs(this.clock.monotonicMs()));
    match.eventTimer = setTimeout(() => this.onTimer(runtime, match), delayMs + 1);
    match.eventTimer.unref();
  }

  /**
   * Ends the round once, whoever calls first (engine result, forfeit, void): stops play at once, then settles in the
   * database (with retries) and publishes the result.
   */
  private async endRound(runtime: RoomRuntime, match: LiveMatch, forced: ForcedEnd | null): Promise<void> {
    if (match.phase === 'settling' || match.phase === 'finished') return;
    const atMs = match.atMs(this.clock.monotonicMs());
    match.phase = 'settling';
    match.clearTimers();
    for (const seat of runtime.seats) {
      if (seat) {
        clearTimeout(seat.graceTimer);
        seat.graceTimer = undefined;
        seat.graceEndsAt = null;
      }
    }
    const decision = this.decide(match, forced, atMs);
    await runtime.exclusive(async () => {
      let closed = null;
      for (let attempt = 1; ; attempt++) {
        try {
          closed = await this.settlement.closeRound(runtime.id, match.round, decision);
          break;
        } catch (error) {
          this.logger.error({ err: error, roomId: runtime.id, round: match.round, attempt }, 'Settlement failed');
          if (attempt >= SETTLE_ATTEMPTS) {
            this.metrics.settlementFailures.inc();
            this.metrics.liveMatches.dec();
            // Leave it to crash recovery: this instance stops heartbeating the round, another sweep voids it.
            runtime.match = null;
            this.runtimes.delete(runtime.id);
            runtime.clearTimers();
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, SETTLE_RETRY_MS * attempt));
        }
      }
      match.phase = 'finished';
      this.metrics.liveMatches.dec();
      if (closed) {
        match.result = toMatchResultDto(closed.match);
        // The win notification was written with the settlement; XP (and a level-up notification) follows it.
        void this.matchXp.grant(closed.match);
      } else {
        // Someone else settled this round first (recovery, another path): show what was stored.
        const stored = await this.rooms.findMatch(this.rooms.runner, runtime.id, match.round);
        match.result = stored ? toMatchResultDto(stored) : null;
      }
      runtime.lastResult = match.result;
      runtime.lastMatch = match.toDto();
      runtime.resetRoundFlags();
      await this.reload(runtime);
      this.publishResult(runtime, match);
      this.broadcastState(runtime);
    });
    this.emitLobby(runtime, 'finished');
    this.maybeEvict(runtime);
  }

  private decide(match: LiveMatch, forced: ForcedEnd | null, atMs: number): RoundDecision {
    const board = match.scoreboard();
    const engineResult = match.engineResult();
    const base = {
      scores: board.scores,
      displayScores: board.displayScores,
      flags: board.flags,
      inputLog: match.log,
    };
    if (forced === null && engineResult) {
      return {
        ...base,
        scores: [engineResult.scores[0], engineResult.scores[1]],
        displayScores: [engineResult.displayScores[0], engineResult.displayScores[1]],
        flags: [engineResult.flags[0], engineResult.flags[1]],
        outcome: engineResult.winner === 'tie' ? 'tie' : engineResult.winner === 0 ? 'player1' : 'player2',
        reason: engineResult.reason,
        durationMs: engineResult.endedAtMs,
      };
    }
    if (forced?.kind === 'forfeit') {
      return { ...base, outcome: forced.loser === 0 ? 'player2' : 'player1', reason: 'forfeit', durationMs: atMs };
    }
    return { ...base, outcome: 'void', reason: 'void', durationMs: atMs };
  }

  private publishResult(runtime: RoomRuntime, match: LiveMatch): void {
    const result = match.result;
    if (!result) return;
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchScores, {
      room_id: runtime.id,
      round: match.round,
      at_ms: Math.round(result.duration * 1000),
      time_left_ms: 0,
      display_scores: result.display_scores,
      statuses: match.scoreboard().statuses,
    });
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchFinished, { room_id: runtime.id, result });
    const bet = centsToDollars(runtime.record.betCents);
    for (const seat of [0, 1] as const) {
      this.realtime.emitTo(CHANNELS.seat(runtime.id, seat), SERVER_EVENTS.matchResult, {
        room_id: runtime.id,
        result: toGameResultDto(result, seat, bet),
      });
    }
  }

  private async publishLastResult(roomId: string, runtime?: RoomRuntime): Promise<void> {
    const stored = await this.rooms.lastClosedMatch(this.rooms.runner, roomId);
    const result = stored ? toMatchResultDto(stored) : null;
    if (!stored || !result) return;
    if (runtime) runtime.lastResult = result;
    this.realtime.emitTo(CHANNELS.room(roomId), SERVER_EVENTS.matchFinished, { room_id: roomId, result });
    const bet = centsToDollars(stored.betCents);
    for (const seat of [0, 1] as const) {
      this.realtime.emitTo(CHANNELS.seat(roomId, seat), SERVER_EVENTS.matchResult, {
        room_id: roomId,
        result: toGameResultDto(result, seat, bet),
      });
    }
  }

  /**
   * Both bets of the next round into escrow, in one transaction; null, or the seat refused: for its balance, or by
   * player protection (eligibility, a break, a limit). Locks in the order of every stake: the players' rows (by id),
   * then the room, then wallets.
   */
  private async escrowNextRound(
    runtime: RoomRuntime,
  ): Promise<{ kind: 'balance'; seat: RoomSeat } | { kind: 'protection'; seat: RoomSeat; error: AppError } | null> {
    const record = runtime.record;
    let refusal: { kind: 'balance'; seat: RoomSeat } | { kind: 'protection'; seat: RoomSeat; error: AppError } | null =
      null;
    try {
      await this.rooms.transaction(async (manager) => {
        const playerIds = [record.player1Id, record.player2Id].filter((id): id is string => id !== null).sort();
        for (const playerId of playerIds) await this.rooms.lockUser(manager, playerId);
        const room = await this.rooms.lockRoom(manager, record.id);
        if (
          !room ||
          room.status !== 'finished' ||
          room.closedAt !== null ||
          room.round !== record.round ||
          !room.player2Id
        ) {
          throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
        }
        if (room.player1Id !== record.player1Id || room.player2Id !== record.player2Id) {
          throw new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.playAgainState);
        }
        const next = room.round + 1;
        const seats = [
          [0, room.player1Id],
          [1, room.player2Id],
        ] as const;
        for (const [seat, userId] of seats) {
          try {
            await this.moneyGate.assertMayStake(manager, userId, room.betCents);
          } catch (error) {
            if (error instanceof AppError && error.statusCode === 403) refusal = { kind: 'protection', seat, error };
            throw error;
          }
        }
        for (const [seat, userId] of seats) {
          try {
            await this.escrow.stake(manager, room.id, next, userId, room.betCents);
          } catch (error) {
            if (error instanceof AppError && error.code === 'INSUFFICIENT_BALANCE') refusal = { kind: 'balance', seat };
            throw error;
          }
        }
        await this.rooms.startNextRound(manager, room.id, next, this.config.ROOM_WAITING_EXPIRY_SECONDS);
      });
    } catch (error) {
      if (refusal !== null) return refusal;
      throw error;
    }
    return null;
  }

  // ── Presence ──────────────────────────────────────────────────────────────────────────────────────────────────

  private removeViewer(runtime: RoomRuntime, socketId: string): void {
    const viewer = runtime.viewers.get(socketId);
    if (!viewer) return;
    runtime.viewers.delete(socketId);
    let seatLeft = false;
    if (viewer.seat !== null) {
      const seatState = runtime.seats[viewer.seat];
      seatState?.sockets.delete(socketId);
      if (seatState && seatState.sockets.size === 0) {
        seatLeft = true;
        this.seatGone(runtime, viewer.seat);
      }
    }
    this.schedulePresence(runtime, seatLeft);
    this.maybeEvict(runtime);
  }

  /** The last socket of a seated player left the room. */
  private seatGone(runtime: RoomRuntime, seat: RoomSeat): void {
    const seatState = runtime.seats[seat];
    if (!seatState) return;
    const match = runtime.match;
    if (match?.isLive) {
      if (seatState.graceTimer || this.shuttingDown) return;
      const graceMs = this.config.RECONNECT_GRACE_SECONDS * 1000;
      seatState.graceEndsAt = this.clock.epochMs() + graceMs;
      seatState.graceTimer = setTimeout(() => void this.graceExpired(runtime, match, seat), graceMs);
      seatState.graceTimer.unref();
      return;
    }
    if (seatState.ready || seatState.playAgain) {
      seatState.ready = false;
      seatState.playAgain = false;
      this.broadcastState(runtime);
    }
  }

  /** Gone beyond the grace period: forfeit, or void when the opponent is gone too. */
  private async graceExpired(runtime: RoomRuntime, match: LiveMatch, seat: RoomSeat): Promise<void> {
    const seatState = runtime.seats[seat];
    if (!seatState || runtime.match !== match || !match.isLive || runtime.isConnected(seat)) return;
    seatState.graceTimer = undefined;
    const other: RoomSeat = seat === 0 ? 1 : 0;
    await this.endRound(
      runtime,
      match,
      runtime.isConnected(other) ? { kind: 'forfeit', loser: seat } : { kind: 'void' },
    );
  }

  /**
   * Presence goes out at most every REALTIME_LIMITS.presenceIntervalMs (spectator counts), except when a player's
   * connection changed (`urgent`): the opponent must see a disconnection at once.
   */
  private schedulePresence(runtime: RoomRuntime, urgent = false): void {
    if (urgent) {
      runtime.presencePending = false;
      this.broadcastPresence(runtime);
      return;
    }
    if (runtime.presenceTimer) {
      runtime.presencePending = true;
      return;
    }
    this.broadcastPresence(runtime);
    runtime.presenceTimer = setTimeout(() => {
      runtime.presenceTimer = undefined;
      if (runtime.presencePending) {
        runtime.presencePending = false;
        this.schedulePresence(runtime);
      }
    }, REALTIME_LIMITS.presenceIntervalMs);
    runtime.presenceTimer.unref();
  }

  private broadcastPresence(runtime: RoomRuntime): void {
    if (this.cluster.enabled) void this.cluster.publishSpectators(runtime.id, runtime.spectatorCount());
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.roomPresence, this.presenceOf(runtime));
    this.emitLobby(runtime, 'updated');
  }

  private presenceOf(runtime: RoomRuntime): RoomPresenceDto {
    const seat = (index: RoomSeat) => {
      const state = runtime.seats[index];
      return state
        ? {
            id: state.userId,
            username: state.username,
            level: state.level,
            connected: state.sockets.size > 0,
            grace_ends_at: state.graceEndsAt,
          }
        : null;
    };
    return { room_id: runtime.id, players: [seat(0), seat(1)], spectators: runtime.spectatorCount() };
  }

  // ── Broadcasts ────────────────────────────────────────────────────────────────────────────────────────────────

  private stateOf(runtime: RoomRuntime): RoomStateDto {
    const match = runtime.match;
    const phase: RoomPhase =
      match && match.phase === 'countdown'
        ? 'countdown'
        : match && match.phase !== 'finished'
          ? 'playing'
          : runtime.record.status;
    return {
      room: toRoomDto(runtime.record, runtime.spectatorCount()),
      phase,
      ready: [runtime.seats[0]?.ready ?? false, runtime.seats[1]?.ready ?? false],
      play_again: [runtime.seats[0]?.playAgain ?? false, runtime.seats[1]?.playAgain ?? false],
      presence: this.presenceOf(runtime),
      match: match ? match.toDto() : runtime.lastMatch,
      server_time: this.clock.epochMs(),
    };
  }

  private broadcastState(runtime: RoomRuntime): void {
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.roomState, this.stateOf(runtime));
  }

  private emitLobby(runtime: RoomRuntime, kind: LobbyEventKind): void {
    this.realtime.emitTo(CHANNELS.lobby, SERVER_EVENTS.lobbyRoom, {
      kind,
      room: toRoomDto(runtime.record, runtime.spectatorCount()),
    });
  }

  private sendView(runtime: RoomRuntime, seat: RoomSeat, socketIds?: string[]): void {
    const match = runtime.match;
    if (!match || !match.state) return;
    const atMs = Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs);
    const payload = { room_id: runtime.id, round: match.round, seat, at_ms: atMs, view: match.view(seat, atMs) };
    if (socketIds) {
      for (const socketId of socketIds) this.realtime.emitToSocketId(socketId, SERVER_EVENTS.matchView, payload);
      return;
    }
    this.realtime.emitTo(CHANNELS.seat(runtime.id, seat), SERVER_EVENTS.matchView, payload);
  }

  /** Scores go out at most every REALTIME_LIMITS.scoresIntervalMs (leading edge, then trailing). */
  private markScoresDirty(runtime: RoomRuntime): void {
    const match = runtime.match;
    if (!match) return;
    if (runtime.scoresTimer) {
      match.scoresDirty = true;
      return;
    }
    this.broadcastScores(runtime);
    runtime.scoresTimer = setTimeout(() => {
      runtime.scoresTimer = undefined;
      if (runtime.match === match && match.scoresDirty && match.phase === 'playing') this.markScoresDirty(runtime);
    }, REALTIME_LIMITS.scoresIntervalMs);
    runtime.scoresTimer.unref();
  }

  private broadcastScores(runtime: RoomRuntime): void {
    const match = runtime.match;
    if (!match || !match.state) return;
    match.scoresDirty = false;
    const board = match.scoreboard();
    const atMs = Math.min(match.atMs(this.clock.monotonicMs()), match.timeLimitMs);
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.matchScores, {
      room_id: runtime.id,
      round: match.round,
      at_ms: atMs,
      time_left_ms: Math.max(0, match.timeLimitMs - atMs),
      display_scores: board.displayScores,
      scores: board.scores,
      statuses: board.statuses,
    });
  }

  private postChat(
    runtime: RoomRuntime,
    message: { userId: string; username: string; message: string; emote: EmoteId | null },
  ): void {
    const dto: ChatMessageDto = {
      id: randomUUID(),
      room_id: runtime.id,
      user_id: message.userId,
      username: message.username,
      message: message.message,
      timestamp: new Date(this.clock.epochMs()).toISOString(),
      isEmote: message.emote !== null,
      emote: message.emote,
    };
    runtime.addChat(dto);
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.chatMessage, dto);
  }

  // ── Plumbing ──────────────────────────────────────────────────────────────────────────────────────────────────

  private async runtime(roomId: string): Promise<RoomRuntime | null> {
    const existing = this.runtimes.get(roomId);
    if (existing) return existing;
    const pending = this.loading.get(roomId);
    if (pending) return pending;
    const load = (async () => {
      const record = await this.rooms.findRoom(this.rooms.runner, roomId);
      if (!record) return null;
      const runtime = new RoomRuntime(record);
      const last = await this.rooms.lastClosedMatch(this.rooms.runner, roomId);
      runtime.lastResult = last ? toMatchResultDto(last) : null;
      if (last && runtime.lastResult) {
        runtime.lastMatch = {
          round: last.round,
          phase: 'finished',
          seed_hash: last.seedHash,
          seed: last.seed,
          starts_at: last.startsAt.getTime(),
          ends_at: last.startsAt.getTime() + last.timeLimitMs,
          time_limit_ms: last.timeLimitMs,
          display_scores: last.displayScores,
          statuses: ['playing', 'playing'],
          result: runtime.lastResult,
        };
      }
      this.runtimes.set(roomId, runtime);
      return runtime;
    })();
    this.loading.set(roomId, load);
    try {
      return await load;
    } finally {
      this.loading.delete(roomId);
    }
  }

  private async reload(runtime: RoomRuntime): Promise<void> {
    const record = await this.rooms.findRoom(this.rooms.runner, runtime.id);
    if (!record) return;
    runtime.record = record;
    runtime.syncSeats();
  }

  /** After the seats changed: move each watching socket into (or out of) its seat channel. */
  private async resyncSockets(runtime: RoomRuntime): Promise<void> {
    for (const [socketId, viewer] of runtime.viewers) {
      for (const seat of [0, 1] as const) {
        if (viewer.seat === seat) {
          await this.realtime.joinChannel(socketId, CHANNELS.seat(runtime.id, seat));
          runtime.seats[seat]?.sockets.add(socketId);
        } else {
          await this.realtime.leaveChannel(socketId, CHANNELS.seat(runtime.id, seat));
        }
      }
    }
  }

  private maybeEvict(runtime: RoomRuntime): void {
    if (!runtime.idle || runtime.evictTimer) return;
    runtime.evictTimer = setTimeout(() => {
      runtime.evictTimer = undefined;
      if (runtime.idle && this.runtimes.get(runtime.id) === runtime) {
        runtime.clearTimers();
        this.runtimes.delete(runtime.id);
        void this.cluster.release(runtime.id);
        void this.cluster.forgetSpectators(runtime.id);
      }
    }, EVICT_AFTER_MS);
    runtime.evictTimer.unref();
  }

  private seatedViewer(socket: ViewerSocket, roomId: string): { runtime: RoomRuntime; seat: RoomSeat } {
    const userId = socket.data.user?.userId;
    if (!userId) throw new RealtimeError(REALTIME_ERROR_CODES.guestPlay, REALTIME_MESSAGES.guestPlay);
    const runtime = this.watchedRuntime(socket, roomId);
    const seat = runtime.viewers.get(socket.id)?.seat ?? null;
    if (seat === null) throw new RealtimeError(REALTIME_ERROR_CODES.notInRoom, REALTIME_MESSAGES.notInRoom);
    return { runtime, seat };
  }

  private watchedRuntime(socket: ViewerSocket, roomId: string): RoomRuntime {
    const runtime = this.runtimes.get(roomId);
    if (!runtime || !runtime.viewers.has(socket.id)) {
      throw new RealtimeError(REALTIME_ERROR_CODES.notWatching, REALTIME_MESSAGES.notWatching);
    }
    return runtime;
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
