import {
  ChatMessageDto,
  EmoteId,
  LobbyEventKind,
  REALTIME_LIMITS,
  RoomPhase,
  RoomPresenceDto,
  RoomSeat,
  RoomStateDto,
  SERVER_EVENTS,
} from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { RealtimeServer } from '../../realtime/realtime.server';
import { CHANNELS } from '../../realtime/realtime.types';
import { toRoomDto } from '../room-presenter';
import { MatchClock } from './match-clock';
import { RoomCluster } from './room-cluster';
import { RoomRuntime } from './room-runtime';

/**
 * What a live room tells its sockets and the lobby: presence (throttled), the room state, the players' views, the
 * scores (throttled), lobby updates and chat messages. It reads the runtime and never changes the match.
 */
export class RoomBroadcaster {
  constructor(
    private readonly realtime: RealtimeServer,
    private readonly cluster: RoomCluster,
    private readonly clock: MatchClock,
  ) {}

  // ── Presence ──────────────────────────────────────────────────────────────────────────────────────────────────

  /**
   * Presence goes out at most every REALTIME_LIMITS.presenceIntervalMs (spectator counts), except when a player's
   * connection changed (`urgent`): the opponent must see a disconnection at once.
   */
  schedulePresence(runtime: RoomRuntime, urgent = false): void {
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

  stateOf(runtime: RoomRuntime): RoomStateDto {
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

  broadcastState(runtime: RoomRuntime): void {
    this.realtime.emitTo(CHANNELS.room(runtime.id), SERVER_EVENTS.roomState, this.stateOf(runtime));
  }

  emitLobby(runtime: RoomRuntime, kind: LobbyEventKind): void {
    this.realtime.emitTo(CHANNELS.lobby, SERVER_EVENTS.lobbyRoom, {
      kind,
      room: toRoomDto(runtime.record, runtime.spectatorCount()),
    });
  }

  sendView(runtime: RoomRuntime, seat: RoomSeat, socketIds?: string[]): void {
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
  markScoresDirty(runtime: RoomRuntime): void {
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

  broadcastScores(runtime: RoomRuntime): void {
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

  // ── Chat ──────────────────────────────────────────────────────────────────────────────────────────────────────

  postChat(
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
}
