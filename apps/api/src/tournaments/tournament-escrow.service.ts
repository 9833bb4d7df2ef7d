import { Injectable } from '@nestjs/common';
import { VALIDATION_MESSAGES } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { InsufficientFundsError } from '../wallet/ledger/ledger.errors';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { LedgerEntryInput } from '../wallet/ledger/ledger.types';
import { LockFigures, PrizeAward } from './tournament-payouts';
import { EntryRecord, TournamentRecord, TournamentsRepository } from './tournaments.repository';

/**
 * Ledger idempotency keys of tournament money. Each names one movement that may happen once in a tournament's life,
 * so a retried or concurrent attempt replays instead of moving money twice.
 */
const tournamentLedgerKeys = {
  entry: (tournamentId: string, userId: string, entryNo: number): string =>
    `tournament:${tournamentId}:entry:${userId}:${entryNo}`,
  refund: (tournamentId: string, entryId: string): string => `tournament:${tournamentId}:refund:${entryId}`,
  cancel: (tournamentId: string): string => `tournament:${tournamentId}:cancel`,
  rake: (tournamentId: string): string => `tournament:${tournamentId}:rake`,
  topup: (tournamentId: string): string => `tournament:${tournamentId}:topup`,
  unlock: (tournamentId: string): string => `tournament:${tournamentId}:unlock`,
  prize: (tournamentId: string, userId: string): string => `tournament:${tournamentId}:prize:${userId}`,
};

/**
 * Tournament money, always through LedgerService and inside the caller's transaction, which holds the tournament's
 * row lock (TournamentsRepository.lock). Fees go from the wallet to the tournament's own escrow account as `bet`
 * transactions, refunds come back as `refund`, prizes as `win` (so the wallet history and the loss limits treat
 * them exactly as stakes, refunds and wins of duels); the rake and a guaranteed table's top-up are posted when the
 * tournament locks. The entry rows change in the same transaction as their money (decision 2603).
 */
@Injectable()
export class TournamentEscrowService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly repository: TournamentsRepository,
  ) {}

  /** The fee from the wallet into the tournament's escrow, and the entry row. 'Insufficient balance' when short. */
  async enter(
    manager: EntityManager,
    tournament: TournamentRecord,
    userId: string,
    entryNo: number,
  ): Promise<EntryRecord> {
    const wallet = await this.ledger.ensureWallet(userId, manager);
    const entryId = randomUUID();
    let transactionId: string;
    try {
      const posted = await this.ledger.post(
        {
          kind: 'bet',
          idempotencyKey: tournamentLedgerKeys.entry(tournament.id, userId, entryNo),
          entries: [
            { accountId: wallet, amountCents: -tournament.entryFeeCents },
            { accountId: tournament.escrowAccountId, amountCents: tournament.entryFeeCents },
          ],
          references: { userId },
          metadata: { tournamentId: tournament.id, entryId, entryNo },
        },
        manager,
      );
      transactionId = posted.transactionId;
    } catch (error) {
      if (error instanceof InsufficientFundsError) {
        throw AppError.badRequest('INSUFFICIENT_BALANCE', VALIDATION_MESSAGES.insufficientBalance);
      }
      throw error;
    }
    return this.repository.insertEntry(manager, {
      id: entryId,
      tournamentId: tournament.id,
      userId,
      entryNo,
      feeCents: tournament.entryFeeCents,
      transactionId,
    });
  }

  /** Returns held entries to their owners' wallets, one ledger transaction per entry. Returns how many. */
  async refundEntries(
    manager: EntityManager,
    tournament: TournamentRecord,
    entries: readonly EntryRecord[],
    reason: string,
  ): Promise<number> {
    let refunded = 0;
    for (const entry of entries.filter((candidate) => candidate.status === 'held')) {
      const posted = await this.ledger.post(
        {
          kind: 'refund',
          idempotencyKey: tournamentLedgerKeys.refund(tournament.id, entry.id),
          entries: [
            { accountId: tournament.escrowAccountId, amountCents: -entry.feeCents },
            { accountId: await this.ledger.ensureWallet(entry.userId, manager), amountCents: entry.feeCents },
          ],
          references: { userId: entry.userId },
          metadata: { tournamentId: tournament.id, entryId: entry.id, reason },
        },
        manager,
      );
      refunded += await this.repository.markRefunded(manager, [entry.id], posted.transactionId);
    }
    return refunded;
  }

  /** At the lock: the rake to revenue, or the promotions top-up into the escrow (decision 2603). */
  async postLock(manager: EntityManager, tournament: TournamentRecord, figures: LockFigures): Promise<void> {
    if (figures.rakeCents > 0n) {
      await this.ledger.post(
        {
          kind: 'tournament_rake',
          idempotencyKey: tournamentLedgerKeys.rake(tournament.id),
          entries: [
            { accountId: tournament.escrowAccountId, amountCents: -figures.rakeCents },
            { accountId: await this.ledger.systemAccount('platform_fee'), amountCents: figures.rakeCents },
          ],
          metadata: { tournamentId: tournament.id, entriesCents: figures.entriesCents.toString() },
        },
        manager,
      );
    }
    if (figures.topupCents > 0n) {
      await this.ledger.post(
        {
          kind: 'tournament_topup',
          idempotencyKey: tournamentLedgerKeys.topup(tournament.id),
          entries: [
            { accountId: await this.ledger.systemAccount('promotions'), amountCents: -figures.topupCents },
            { accountId: tournament.escrowAccountId, amountCents: figures.topupCents },
          ],
          metadata: { tournamentId: tournament.id, entriesCents: figures.entriesCents.toString() },
        },
        manager,
      );
    }
  }

  /**
   * A running tournament cancelled (by an admin, or because nobody scored): the lock's rake and top-up go back where
   * they came from, in one transaction, so every entry can then be refunded in full.
   */
  async undoLock(manager: EntityManager, tournament: TournamentRecord, figures: LockFigures): Promise<void> {
    const entries: LedgerEntryInput[] = [];
    if (figures.rakeCents > 0n) {
      entries.push({ accountId: await this.ledger.systemAccount('platform_fee'), amountCents: -figures.rakeCents });
    }
    if (figures.topupCents > 0n) {
      entries.push({ accountId: await this.ledger.systemAccount('promotions'), amountCents: figures.topupCents });
    }
    const net = figures.rakeCents - figures.topupCents;
    if (net !== 0n) entries.push({ accountId: tournament.escrowAccountId, amountCents: net });
    if (entries.length < 2) return;
    await this.ledger.post(
      {
        kind: 'tournament_rake',
        idempotencyKey: tournamentLedgerKeys.unlock(tournament.id),
        entries,
        metadata: { tournamentId: tournament.id, reason: 'cancelled_after_lock' },
      },
      manager,
    );
  }

  /** One prize from the escrow to the winner's wallet, recorded with its transaction; posted once per player. */
  async payPrize(manager: EntityManager, tournament: TournamentRecord, award: PrizeAward): Promise<void> {
    const posted = await this.ledger.post(
      {
        kind: 'win',
        idempotencyKey: tournamentLedgerKeys.prize(tournament.id, award.userId),
        entries: [
          { accountId: tournament.escrowAccountId, amountCents: -award.amountCents },
          { accountId: await this.ledger.ensureWallet(award.userId, manager), amountCents: award.amountCents },
        ],
        references: { userId: award.userId },
        metadata: { tournamentId: tournament.id, place: award.place },
      },
      manager,
    );
    await this.repository.insertPrize(manager, {
      tournamentId: tournament.id,
      userId: award.userId,
      place: award.place,
      amountCents: award.amountCents,
      transactionId: posted.transactionId,
    });
  }
}
