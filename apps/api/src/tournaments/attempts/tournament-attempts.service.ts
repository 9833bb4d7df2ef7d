import { Injectable } from '@nestjs/common';
import { TOURNAMENT_ERROR_CODES, TOURNAMENT_MESSAGES, type TournamentAttemptDto } from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/app-config';
import { attemptSeedHash } from './attempt-seed';
import { toAttemptDto } from './attempt-presenter';
import { TournamentAttemptsRepository } from './tournament-attempts.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * POST /tournaments/{id}/attempts (docs/product/tournaments.md#attempts): reserves the caller's next unused paid
 * entry of a running arena for a solo round on the content of that attempt number. The round itself is played over
 * the socket (TournamentSoloRounds). Asking again while an attempt is reserved or in play answers that attempt, so a
 * retried request never uses a second entry.
 */
@Injectable()
export class TournamentAttemptsService {
  constructor(
    private readonly repository: TournamentAttemptsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
  ) {}

  /** Countdown plus the round: what must still fit before the tournament's end for an attempt to start. */
  playMs(timeLimitMs: number): number {
    return this.config.MATCH_COUNTDOWN_MS + timeLimitMs;
  }

  timeLimitMs(timeLimitSeconds: number): number {
    const overrideMs = this.config.MATCH_TIME_LIMIT_OVERRIDE_MS;
    return overrideMs > 0 ? overrideMs : timeLimitSeconds * 1000;
  }

  async start(userId: string, tournamentId: string): Promise<{ created: boolean; attempt: TournamentAttemptDto }> {
    if (!UUID_PATTERN.test(tournamentId)) throw AppError.notFound();
    return this.repository.transaction(async (runner) => {
      const tournament = await this.repository.shareLockTournament(runner, tournamentId);
      if (!tournament) throw AppError.notFound();
      if (tournament.format !== 'arena') {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.notArena, TOURNAMENT_MESSAGES.notArena);
      }
      if (tournament.status !== 'running') {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.notRunning, TOURNAMENT_MESSAGES.notRunning);
      }
      const entries = await this.repository.lockPlayedEntries(runner, tournamentId, userId);
      if (entries.length === 0) {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.notEntered, TOURNAMENT_MESSAGES.notEntered);
      }
      const rounds = await this.repository.roundsOf(runner, tournamentId, userId);
      const open = rounds.find((round) => round.status === 'waiting' || round.status === 'playing');
      if (open) return { created: false, attempt: toAttemptDto(open) };
      const unused = entries.find((entry) => entry.roundId === null);
      if (!unused) throw AppError.conflict(TOURNAMENT_ERROR_CODES.noEntryLeft, TOURNAMENT_MESSAGES.noEntryLeft);
      const timeLimitMs = this.timeLimitMs(tournament.timeLimitSeconds);
      if (this.clock.now().getTime() + this.playMs(timeLimitMs) > tournament.endsAt.getTime()) {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.windowOver, TOURNAMENT_MESSAGES.windowOver);
      }
      // The player's attempt number: their first attempt plays content 1, their second content 2, and so on.
      const attemptNo = rounds.length + 1;
      const id = await this.repository.insertRound(runner, {
        tournamentId,
        entryId: unused.id,
        userId,
        attemptNo,
        seedHash: attemptSeedHash(tournament.seed, attemptNo),
        timeLimitMs,
      });
      const round = await this.repository.findRound(runner, id);
      if (!round) throw new Error('attempt round vanished in its own transaction');
      return { created: true, attempt: toAttemptDto(round) };
    });
  }
}
