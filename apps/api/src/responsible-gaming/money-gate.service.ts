import { Injectable } from '@nestjs/common';
import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, centsToDollars, RG_ERROR_CODES, RG_MESSAGES } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import type { SqlRunner } from '../database/sql';
import { KycGate } from '../kyc/kyc-gate.service';
import { LocationGate } from '../kyc/location-gate.service';
import { ExclusionRecord, GateFacts, ResponsibleGamingRepository } from './responsible-gaming.repository';
import { leftUnder } from './rg-rules';

const WINDOWS = ['day', 'week', 'month'] as const;

const dollars = (cents: bigint): string => centsToDollars(cents).toFixed(2);

/** "2026-11-25 21:30 UTC": how a break's end is named in messages. */
export function formatBreakEnd(date: Date): string {
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function exclusionMessage(exclusion: ExclusionRecord): string {
  if (exclusion.endsAt === null) return RG_MESSAGES.selfExcludedPermanently;
  const until = formatBreakEnd(exclusion.endsAt);
  return exclusion.kind === 'cool_off' ? RG_MESSAGES.coolOffActive(until) : RG_MESSAGES.selfExcludedUntil(until);
}

function refuse(code: string, message: string, params?: Record<string, string | number>): AppError {
  return new AppError(403, code, message, undefined, params);
}

/** The figures of a break's refusal, for clients that say it in their own language. */
function exclusionParams(exclusion: ExclusionRecord): Record<string, string> {
  return { kind: exclusion.kind, until: exclusion.endsAt?.toISOString() ?? 'permanent' };
}

/**
 * The player-protection checks of every route where the player's money goes in: deposits and stakes (create, join,
 * quick match, Play Again). Called inside the money transaction, after the lock that serializes that player's
 * operations of the kind (the wallet for deposits, the user row for stakes), so a limit holds under concurrency.
 * Withdrawals are never gated: a player on a break may always take their money out.
 */
@Injectable()
export class MoneyGate {
  constructor(
    private readonly repository: ResponsibleGamingRepository,
    private readonly kyc: KycGate,
    private readonly location: LocationGate,
  ) {}

  /**
   * The location check (docs/product/kyc.md#location) of a call made by the player from `clientIp`. Null: a stake the
   * server places on the player's behalf with no request of theirs in it (matchmaking seating a queued player, whose
   * own queue request was checked), which has no address to check.
   */
  private async assertLocation(
    runner: SqlRunner,
    userId: string,
    clientIp: string | null,
    action: 'deposit' | 'stake',
  ): Promise<void> {
    if (clientIp !== null) await this.location.assertMayTransact(runner, userId, clientIp, action);
  }

  async assertMayDeposit(runner: SqlRunner, userId: string, amountCents: bigint, clientIp: string): Promise<void> {
    const facts = await this.repository.gateFacts(runner, userId);
    assertMayMoveMoney(facts);
    await this.assertLocation(runner, userId, clientIp, 'deposit');
    // Identity verification (docs/product/kyc.md): after the protection refusals, which say more to the player.
    await this.kyc.assertMay(runner, userId, 'deposit', amountCents);
    const limits = facts.limits;
    if (!WINDOWS.some((window) => limits.has(`deposit_${window}`))) return;
    const totals = await this.repository.windowTotals(runner, userId);
    for (const window of WINDOWS) {
      const limit = limits.get(`deposit_${window}`);
      if (limit === undefined) continue;
      const used = totals.depositedCents[window];
      if (used + amountCents > limit) {
        const left = dollars(leftUnder(limit, used));
        throw refuse(RG_ERROR_CODES.depositLimit, RG_MESSAGES.depositLimit(window, dollars(limit), left), {
          window,
          limit: dollars(limit),
          left,
        });
      }
    }
  }

  async assertMayStake(runner: SqlRunner, userId: string, betCents: bigint, clientIp: string | null): Promise<void> {
    const facts = await this.repository.gateFacts(runner, userId);
    assertMayMoveMoney(facts);
    await this.assertLocation(runner, userId, clientIp, 'stake');
    await this.kyc.assertMay(runner, userId, 'stake', betCents);
    const limits = facts.limits;
    const maxBet = limits.get('max_bet');
    if (maxBet !== undefined && betCents > maxBet) {
      throw refuse(RG_ERROR_CODES.maxBet, RG_MESSAGES.maxBet(dollars(maxBet)), { limit: dollars(maxBet) });
    }
    if (!WINDOWS.some((window) => limits.has(`loss_${window}`))) return;
    const totals = await this.repository.windowTotals(runner, userId);
    for (const window of WINDOWS) {
      const limit = limits.get(`loss_${window}`);
      if (limit === undefined) continue;
      // A stake can be lost in full: it counts against the loss limit until it is refunded or paid back.
      const lost = totals.netLossCents[window] > 0n ? totals.netLossCents[window] : 0n;
      if (lost + betCents > limit) {
        const left = dollars(leftUnder(limit, lost));
        throw refuse(RG_ERROR_CODES.lossLimit, RG_MESSAGES.lossLimit(window, dollars(limit), left), {
          window,
          limit: dollars(limit),
          left,
        });
      }
    }
  }

  /**
   * The refusal of a frozen account (operator console), of a player who has not confirmed eligibility or was
   * refused, or who is on a break; else nothing.
   */
  async assertEligibleAndNotOnBreak(runner: SqlRunner, userId: string): Promise<void> {
    assertMayMoveMoney(await this.repository.gateFacts(runner, userId));
  }
}

/** Frozen, not eligible (or refused), or on a break: refused, in that order. */
function assertMayMoveMoney(facts: GateFacts): void {
  if (facts.frozen) throw refuse(ADMIN_ERROR_CODES.accountFrozen, ADMIN_MESSAGES.accountFrozen);
  if (!facts.eligibility) throw refuse(RG_ERROR_CODES.eligibilityRequired, RG_MESSAGES.eligibilityRequired);
  if (facts.eligibility.status === 'refused') {
    throw refuse(facts.eligibility.refusalCode ?? RG_ERROR_CODES.eligibilityRequired, RG_MESSAGES.refusedBefore);
  }
  if (facts.exclusion) {
    throw refuse(RG_ERROR_CODES.selfExcluded, exclusionMessage(facts.exclusion), exclusionParams(facts.exclusion));
  }
}
