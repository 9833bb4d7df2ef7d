import { Injectable } from '@nestjs/common';
import { MatchEndReason, MatchOutcome, VALIDATION_MESSAGES } from '@skillduel/contracts';
import { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { InsufficientFundsError, LedgerInvariantError } from '../wallet/ledger/ledger.errors';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { LedgerEntryInput } from '../wallet/ledger/ledger.types';
import { RoomStakesRepository } from './room-stakes.repository';

/** How a round ends, as decided by the match runtime (engine result, forfeit) or by recovery (void). */
export interface RoundDecision {
  outcome: MatchOutcome;
  reason: MatchEndReason;
  /** Raw engine scores [player1, player2]. */
  scores: [number, number];
  displayScores: [number, number];
  flags: [number, number];
  durationMs: number;
  /** Every engine call of the round, in order (replayable from the revealed seed). */
  inputLog: unknown;
}

export interface SettledRound {
  potCents: bigint;
  feeCents: bigint;
  payoutCents: bigint;
  winnerId: string | null;
  transactionId: string;
}

/** Ledger idempotency keys of room money. Every key is derived from state read under the room's row lock. */
const roomLedgerKeys = {
  bet: (roomId: string, round: number, userId: string, stakeNo: number): string =>
    `room:${roomId}:round:${round}:bet:${userId}:${stakeNo}`,
  refund: (roomId: string, round: number, userId: string, stakeNo: number): string =>
    `room:${roomId}:round:${round}:refund:${userId}:${stakeNo}`,
  cancel: (roomId: string, round: number): string => `room:${roomId}:round:${round}:cancel`,
  settle: (roomId: string, round: number): string => `room:${roomId}:round:${round}:settle`,
};

/**
 * Room money: stakes into escrow, refunds, and the settlement of a round — always through LedgerService, inside the
 * caller's transaction, which must hold the room's row lock (RoomsRepository.lockRoom). Each room's share of escrow (split
 * into sub-accounts, a room's stakes in the one its id picks: decision 2801) is the sum of its `held` stakes; every movement updates the stake rows in the same
 * transaction, so a stake is released at most once whatever the concurrency (docs/decisions/0601).
 */
@Injectable()
export class RoomEscrowService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly stakes: RoomStakesRepository,
    private readonly config: AppConfig,
  ) {}

  /** Moves the player's bet from their wallet to escrow. 'Insufficient balance' (400) when it does not fit. */
  async stake(manager: EntityManager, roomId: string, round: number, userId: string, betCents: bigint): Promise<void> {
    const stakeNo = (await this.stakes.countStakes(manager, roomId, round, userId)) + 1;
    const wallet = await this.ledger.ensureWallet(userId, manager);
    // The room's escrow sub-account (decision 2801): unrelated rooms lock different rows.
    const escrow = await this.ledger.systemAccount('escrow', roomId);
    let transactionId: string;
    try {
      const posted = await this.ledger.post(
        {
          kind: 'bet',
          idempotencyKey: roomLedgerKeys.bet(roomId, round, userId, stakeNo),
          entries: [
            { accountId: wallet, amountCents: -betCents },
            { accountId: escrow, amountCents: betCents },
          ],
          references: { userId, roomId },
          metadata: { round },
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
    await this.stakes.insertStake(manager, {
      roomId,
      round,
      userId,
      stakeNo,
      amountCents: betCents,
      betTransactionId: transactionId,
    });
  }

  /** Returns one player's held stake of the round (a player leaving before the match started). */
  async refundPlayer(manager: EntityManager, roomId: string, round: number, userId: string): Promise<void> {
    const held = (await this.stakes.heldStakes(manager, roomId, round)).filter((stake) => stake.userId === userId);
    for (const stake of held) {
      const posted = await this.ledger.post(
        {
          kind: 'refund',
          idempotencyKey: roomLedgerKeys.refund(roomId, round, userId, stake.stakeNo),
          entries: [
            { accountId: stake.escrowAccountId, amountCents: -stake.amountCents },
            { accountId: await this.ledger.ensureWallet(userId, manager), amountCents: stake.amountCents },
          ],
          references: { userId, roomId },
          metadata: { round, reason: 'left' },
        },
        manager,
      );
      await this.stakes.releaseStakes(manager, roomId, round, [userId], 'refunded', posted.transactionId);
    }
  }

  /** Returns every held stake of the room (a cancelled or expired room), one ledger transaction per round. */
  async refundAll(manager: EntityManager, roomId: string, reason: string): Promise<number> {
    const held = await this.stakes.heldStakes(manager, roomId);
    const rounds = [...new Set(held.map((stake) => stake.round))];
    for (const round of rounds) {
      const stakes = held.filter((stake) => stake.round === round);
      const entries: LedgerEntryInput[] = escrowDebits(stakes);
      for (const stake of stakes) {
        entries.push({
          accountId: await this.ledger.ensureWallet(stake.userId, manager),
          amountCents: stake.amountCents,
        });
      }
      const posted = await this.ledger.post(
        {
          kind: 'refund',
          idempotencyKey: roomLedgerKeys.cancel(roomId, round),
          entries,
          references: { roomId },
          metadata: { round, reason },
        },
        manager,
      );
      await this.stakes.releaseStakes(
        manager,
        roomId,
        round,
        stakes.map((stake) => stake.userId),
        'refunded',
        posted.transactionId,
      );
    }
    return held.length;
  }

  /**
   * Pays out a started round in ONE ledger transaction: the winner gets the pot (2 × bet) minus the platform fee;
   * a tie or a void refunds both stakes. Exactly the round's two stakes leave escrow, and both stake rows are
   * released in the same database transaction.
   */
  async settle(
    manager: EntityManager,
    match: { roomId: string; round: number; player1Id: string; player2Id: string },
    outcome: MatchOutcome,
  ): Promise<SettledRound> {
    const { roomId, round } = match;
    const held = await this.stakes.heldStakes(manager, roomId, round);
    const players = [match.player1Id, match.player2Id];
    const stakes = players.map((userId) => held.find((stake) => stake.userId === userId));
    if (stakes.some((stake) => stake === undefined) || held.length !== 2) {
      throw new LedgerInvariantError(`room ${roomId} round ${round} does not hold exactly both players' stakes`);
    }
    const [stake1, stake2] = stakes as [NonNullable<(typeof stakes)[0]>, NonNullable<(typeof stakes)[0]>];
    const potCents = stake1.amountCents + stake2.amountCents;
    const fromEscrow = escrowDebits([stake1, stake2]);
    const key = roomLedgerKeys.settle(roomId, round);

    if (outcome === 'player1' || outcome === 'player2') {
      const winnerId = outcome === 'player1' ? match.player1Id : match.player2Id;
      const feeCents = (potCents * BigInt(this.config.PLATFORM_FEE_BPS)) / 10_000n;
      const payoutCents = potCents - feeCents;
      const entries: LedgerEntryInput[] = [
        ...fromEscrow,
        { accountId: await this.ledger.ensureWallet(winnerId, manager), amountCents: payoutCents },
      ];
      if (feeCents > 0n)
        entries.push({ accountId: await this.ledger.systemAccount('platform_fee', roomId), amountCents: feeCents });
      const posted = await this.ledger.post(
        { kind: 'win', idempotencyKey: key, entries, references: { roomId, userId: winnerId }, metadata: { round } },
        manager,
      );
      await this.stakes.releaseStakes(manager, roomId, round, players, 'settled', posted.transactionId);
      return { potCents, feeCents, payoutCents, winnerId, transactionId: posted.transactionId };
    }

    const posted = await this.ledger.post(
      {
        kind: 'refund',
        idempotencyKey: key,
        entries: [
          ...fromEscrow,
          { accountId: await this.ledger.ensureWallet(match.player1Id, manager), amountCents: stake1.amountCents },
          { accountId: await this.ledger.ensureWallet(match.player2Id, manager), amountCents: stake2.amountCents },
        ],
        references: { roomId },
        metadata: { round, reason: outcome },
      },
      manager,
    );
    await this.stakes.releaseStakes(manager, roomId, round, players, 'refunded', posted.transactionId);
    return { potCents, feeCents: 0n, payoutCents: 0n, winnerId: null, transactionId: posted.transactionId };
  }
}

/**
 * The escrow side of releasing stakes: each stake leaves from the escrow sub-account its bet went into (stakes held
 * before escrow was split sit in the first one), one entry per sub-account.
 */
function escrowDebits(stakes: readonly { escrowAccountId: string; amountCents: bigint }[]): LedgerEntryInput[] {
  const byAccount = new Map<string, bigint>();
  for (const stake of stakes) {
    byAccount.set(stake.escrowAccountId, (byAccount.get(stake.escrowAccountId) ?? 0n) - stake.amountCents);
  }
  return [...byAccount].map(([accountId, amountCents]) => ({ accountId, amountCents }));
}
