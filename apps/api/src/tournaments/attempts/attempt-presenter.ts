import type { TournamentAttemptDto } from '@skillduel/contracts';
import type { AttemptRoundRecord } from './tournament-attempts.repository';

export function toAttemptDto(round: AttemptRoundRecord): TournamentAttemptDto {
  return {
    id: round.id,
    tournament_id: round.tournamentId,
    attempt_no: round.attemptNo,
    room_id: round.id,
    game_id: round.gameId,
    status: round.status,
    seed_hash: round.seedHash,
    time_limit_ms: round.timeLimitMs,
    score: round.score === null ? null : Number(round.score),
    reached_at: round.reachedAt?.toISOString() ?? null,
  };
}
