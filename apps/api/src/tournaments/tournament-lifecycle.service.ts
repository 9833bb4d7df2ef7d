import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { TOURNAMENT_ERROR_CODES, TOURNAMENT_MESSAGES, type TournamentStatus } from '@skillduel/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { AppError } from '../common/app-error';
import { transactionWithRetry } from '../database/retry-transaction';
import { LedgerInvariantError } from '../wallet/ledger/ledger.errors';
import { TournamentEscrowService } from './tournament-escrow.service';
import { LockFigures, lockFigures, splitPrizes } from './tournament-payouts';
import { TournamentRecord, TournamentsRepository } from './tournaments.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DUE_BATCH = 20;

/** Why a tournament was cancelled without an admin. */
const AUTOMATIC_CANCEL_REASONS = {
  tooFewEntrants: 'Not enough entrants by the start',
  noScores: 'Nobody finished an attempt',
} as const;

/**
 * A tournament's life after creation: start (lock), settlement at the end, cancellation. Each step runs in one
 * database transaction under the tournament's row lock and checks the status it moves from, so a step runs once
 * however many instances or requests try it; every posting it makes has its own ledger idempotency key as well.
 * The scheduler calls `runDue` (start at starts_at, settle at ends_at); tests call the steps directly.
 */
@Injectable()
export class TournamentLifecycleService {
  private readonly logger = new Logger('Tournaments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: TournamentsRepository,
    private readonly escrow: TournamentEscrowService,
    private readonly audit: AuditLogRepository,
  ) {}

  /**
   * scheduled → running. Too few entrants: cancelled and every entry refunded. Otherwise the tournament locks: no
   * more entries or refunds, the rake goes to revenue and a guaranteed table is topped up from promotions.
   */
  async start(tournamentId: string): Promise<TournamentStatus> {
    return transactionWithRetry(this.dataSource, async (manager) => {
      const tournament = await this.mustLock(manager, tournamentId);
      if (tournament.status !== 'scheduled') return tournament.status;
      if (tournament.entrants < tournament.minEntrants) {
        await this.cancelLocked(manager, tournament, AUTOMATIC_CANCEL_REASONS.tooFewEntrants);
        return 'cancelled';
      }
      await this.escrow.postLock(manager, tournament, this.figuresOf(tournament));
      await this.repository.setStatus(manager, tournament.id, 'running', { locked: true });
      return 'running';
    });
  }

  /**
   * running → finished: the prizes of the standings as they are, each posted once from the tournament's escrow,
   * which ends at zero. Nobody scored: the lock is undone and every entry refunded instead.
   */
  async finish(tournamentId: string): Promise<TournamentStatus> {
    return transactionWithRetry(this.dataSource, async (manager) => {
      const tournament = await this.mustLock(manager, tournamentId);
      if (tournament.status !== 'running') return tournament.status;
      const figures = this.figuresOf(tournament);
      const standings = await this.repository.standings(manager, tournament.id);
      if (standings.length === 0) {
        await this.escrow.undoLock(manager, tournament, figures);
        await this.cancelLocked(manager, tournament, AUTOMATIC_CANCEL_REASONS.noScores);
        return 'cancelled';
      }
      const awards = splitPrizes(figures.placePrizesCents, standings);
      const paidCents = awards.reduce((sum, award) => sum + award.amountCents, 0n);
      if (paidCents !== figures.prizePoolCents) {
        throw new LedgerInvariantError(
          `tournament ${tournament.id} would pay ${paidCents} cents of a ${figures.prizePoolCents}-cent pool`,
        );
      }
      for (const award of awards) await this.escrow.payPrize(manager, tournament, award);
      await this.repository.markPlayedIn(manager, tournament.id);
      await this.repository.setStatus(manager, tournament.id, 'finished', { finished: true });
      return 'finished';
    });
  }

  /** POST /admin/tournaments/{id}/cancel: a scheduled or running tournament; every entry refunded once; audited. */
  async cancelByAdmin(adminId: string, tournamentId: string, reason: string): Promise<void> {
    if (!UUID_PATTERN.test(tournamentId)) throw AppError.notFound();
    await transactionWithRetry(this.dataSource, async (manager) => {
      const tournament = await this.mustLock(manager, tournamentId);
      if (tournament.status !== 'scheduled' && tournament.status !== 'running') {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.notCancellable, TOURNAMENT_MESSAGES.notCancellable);
      }
      if (tournament.status === 'running') await this.escrow.undoLock(manager, tournament, this.figuresOf(tournament));
      const refunded = await this.cancelLocked(manager, tournament, reason);
      await this.audit.record(manager, {
        actorId: adminId,
        action: 'tournament.cancelled',
        targetType: 'tournament',
        targetId: tournament.id,
        reason,
        before: { status: tournament.status, entries: tournament.heldEntries },
        after: { status: 'cancelled', refunded_entries: refunded },
      });
    });
  }

  /** What the scheduler runs: every tournament whose start or end has come moves on, one at a time. */
  async runDue(now: Date): Promise<number> {
    const due = await this.repository.due(now, DUE_BATCH);
    for (const tournament of due) {
      try {
        if (tournament.status === 'scheduled') await this.start(tournament.id);
        else await this.finish(tournament.id);
      } catch (error) {
        this.logger.error(`tournament ${tournament.id} could not move on: ${String(error)}`);
      }
    }
    return due.length;
  }

  /** The lock's figures; no entry is added or refunded after the lock, so they are the same at the end. */
  private figuresOf(tournament: TournamentRecord): LockFigures {
    const entriesCents = tournament.entryFeeCents * BigInt(tournament.heldEntries);
    return lockFigures(tournament.prizeMode, entriesCents, tournament.rakeBps, tournament.payoutTable);
  }

  private async mustLock(manager: EntityManager, tournamentId: string): Promise<TournamentRecord> {
    const tournament = await this.repository.lock(manager, tournamentId);
    if (!tournament) throw AppError.notFound();
    return tournament;
  }

  private async cancelLocked(manager: EntityManager, tournament: TournamentRecord, reason: string): Promise<number> {
    const entries = await this.repository.entriesOf(manager, tournament.id);
    const refunded = await this.escrow.refundEntries(manager, tournament, entries, 'cancelled');
    await this.repository.setStatus(manager, tournament.id, 'cancelled', { cancelReason: reason });
    return refunded;
  }
}
