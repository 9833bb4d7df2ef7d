import {
  centsToDollars,
  GAME_ROOM_DEFAULTS,
  GameResultDto,
  GameRoomViewDto,
  LIMITS,
  MatchResultDto,
  RoomDto,
  RoomPlayerDto,
  RoomSeat,
} from '@skillduel/contracts';
import { MatchRecord } from './matches.repository';
import { RoomPlayerRecord, RoomRecord } from './rooms.repository';

/** The room answers (docs/product/rooms-and-matches.md#room-answers) built from stored rows. Pure functions: no I/O. */

function player(record: RoomPlayerRecord | null): RoomPlayerDto | null {
  return record ? { id: record.id, username: record.username, level: record.level } : null;
}

function seatOf(room: Pick<RoomRecord, 'player1Id' | 'player2Id'>, userId: string | null | undefined): RoomSeat | null {
  if (!userId) return null;
  if (room.player1Id === userId) return 0;
  if (room.player2Id === userId) return 1;
  return null;
}

export function toRoomDto(room: RoomRecord, spectators: number): RoomDto {
  return {
    id: room.id,
    game_id: room.gameId,
    status: room.status,
    bet_amount: centsToDollars(room.betCents),
    current_players: room.player2Id ? 2 : 1,
    max_players: LIMITS.roomMaxPlayers,
    is_private: room.isPrivate,
    spectators,
    player1: player(room.player1),
    player2: player(room.player2),
    created_at: room.createdAt.toISOString(),
    game_name: room.game.name,
    game_icon: room.game.icon,
    round: room.round,
  };
}

/** The round's time limit: the game's own (memory-master 60 s, others 30 s), or the test/benchmark override. */
export function timeLimitMsOf(room: RoomRecord, overrideMs: number): number {
  return overrideMs > 0 ? overrideMs : room.game.timeLimitSeconds * 1000;
}

export function toMatchResultDto(match: MatchRecord): MatchResultDto | null {
  if (match.outcome === null || match.reason === null || match.endedAt === null) return null;
  return {
    round: match.round,
    outcome: match.outcome,
    reason: match.reason,
    scores: match.scores,
    display_scores: match.displayScores,
    duration: Math.round((match.durationMs ?? 0) / 10) / 100,
    pot: centsToDollars(match.potCents),
    fee: centsToDollars(match.feeCents),
    payout: centsToDollars(match.payoutCents),
    seed_hash: match.seedHash,
    seed: match.seed,
    ended_at: match.endedAt.toISOString(),
    ...(match.status === 'held' ? { payout_held: true } : {}),
  };
}

/** The spec's Game result for the player in `seat`. */
export function toGameResultDto(result: MatchResultDto, seat: RoomSeat, betDollars: number): GameResultDto {
  const other: RoomSeat = seat === 0 ? 1 : 0;
  const mine = seat === 0 ? 'player1' : 'player2';
  const winner: GameResultDto['winner'] =
    result.outcome === 'tie' || result.outcome === 'void'
      ? result.outcome
      : result.outcome === mine
        ? 'player'
        : 'opponent';
  return {
    winner,
    player_score: result.display_scores[seat],
    opponent_score: result.display_scores[other],
    earnings: winner === 'player' ? result.payout : 0,
    duration: result.duration,
    refunded: winner === 'tie' || winner === 'void' ? betDollars : 0,
    reason: result.reason,
    round: result.round,
    ...(result.payout_held ? { payout_held: true } : {}),
  };
}

export function toGameRoomView(
  room: RoomRecord,
  options: {
    spectators: number;
    viewerId: string | null;
    seedHash: string | null;
    lastResult: MatchResultDto | null;
    timeLimitMs: number;
  },
): GameRoomViewDto {
  const bet = centsToDollars(room.betCents);
  return {
    id: room.id,
    name: room.game.name,
    icon: room.game.icon,
    description: room.game.description,
    category: room.game.category,
    difficulty: room.game.difficulty,
    min_bet: centsToDollars(room.game.minBetCents),
    max_bet: centsToDollars(room.game.maxBetCents),
    default_bet: centsToDollars(room.game.defaultBetCents),
    betAmount: bet,
    isPrivate: room.isPrivate,
    player1: player(room.player1),
    player2: player(room.player2),
    spectators: options.spectators,
    created_at: room.createdAt.toISOString(),
    status: room.status,
    settings: {
      time_limit: Math.round(options.timeLimitMs / 1000),
      preparation_time: GAME_ROOM_DEFAULTS.preparationTimeSeconds,
      scoring_system: GAME_ROOM_DEFAULTS.scoringSystem,
    },
    game_id: room.gameId,
    bet_amount: bet,
    current_players: room.player2Id ? 2 : 1,
    max_players: LIMITS.roomMaxPlayers,
    round: room.round,
    your_seat: seatOf(room, options.viewerId),
    seed_hash: options.seedHash,
    last_result: options.lastResult,
    expires_at:
      (room.status === 'waiting' || room.status === 'ready') && room.expiresAt ? room.expiresAt.toISOString() : null,
  };
}
