import type { TournamentPrizeMode } from '@skillduel/contracts';

/*
 * The arithmetic of a tournament's money, pure and in integer cents (decisions 2602 and 2603). No I/O: the escrow
 * service posts what these functions compute, and the tests check them alone.
 */

const BPS = 10_000n;

export interface LockFigures {
  /** Entry fees held when the tournament locked. */
  entriesCents: bigint;
  /** What the house takes to revenue (platform fee account) at the lock. */
  rakeCents: bigint;
  /** What the house adds from its promotions account so a guaranteed table is covered. */
  topupCents: bigint;
  /** The money the prizes share: always entries − rake + top-up. */
  prizePoolCents: bigint;
  /** The prize of each place, best first; sums to prizePoolCents. */
  placePrizesCents: bigint[];
}

/**
 * The figures of a tournament at its lock.
 * - pooled: rake = ⌊entries × rake_bps / 10 000⌋; the pool is the rest; each place gets ⌊pool × its bps / 10 000⌋ and
 *   the cents those floors leave go to first place;
 * - guaranteed: the pool is the published table. When the entries do not cover it the house tops up the difference
 *   from promotions (and takes no rake); when they do, the house keeps what is left over as its revenue (rake_bps is
 *   not used: the house's take is whatever the entries bring above the table).
 */
export function lockFigures(
  mode: TournamentPrizeMode,
  entriesCents: bigint,
  rakeBps: number,
  table: readonly bigint[],
): LockFigures {
  if (mode === 'pooled') {
    const rakeCents = (entriesCents * BigInt(rakeBps)) / BPS;
    const prizePoolCents = entriesCents - rakeCents;
    const placePrizesCents = table.map((bps) => (prizePoolCents * bps) / BPS);
    const leftover = prizePoolCents - placePrizesCents.reduce((sum, cents) => sum + cents, 0n);
    if (placePrizesCents.length > 0) placePrizesCents[0] += leftover;
    return { entriesCents, rakeCents, topupCents: 0n, prizePoolCents, placePrizesCents };
  }
  const tableCents = table.reduce((sum, cents) => sum + cents, 0n);
  const rakeCents = entriesCents > tableCents ? entriesCents - tableCents : 0n;
  const topupCents = entriesCents < tableCents ? tableCents - entriesCents : 0n;
  return { entriesCents, rakeCents, topupCents, prizePoolCents: tableCents, placePrizesCents: [...table] };
}

/** A ranked player as the prize split needs them, in standings order (best first). */
export interface RankedPlayer {
  userId: string;
  score: bigint;
  /** The time the best score was reached, as an exact key: same score and same key is a true tie. */
  reachedKey: string;
}

export interface PrizeAward {
  userId: string;
  /** The best place of the player's tie group (1-based). */
  place: number;
  amountCents: bigint;
}

/**
 * Who gets what. Players are given best first (score, then the earlier time the score was reached, then the earlier
 * first entry: the order the leftover cents follow).
 * - Players with the same score reached at the same instant are tied: together they occupy as many places as they are
 *   players and share those places' prizes equally; the cents that do not divide go one each to the tied players in
 *   the given order (who entered first).
 * - Places nobody reached (fewer ranked players than paid places) add their prizes to the first place's, so the whole
 *   pool is always paid out.
 * The awards sum to the sum of `placePrizesCents` whenever at least one player is ranked.
 */
export function splitPrizes(placePrizesCents: readonly bigint[], ranked: readonly RankedPlayer[]): PrizeAward[] {
  if (ranked.length === 0) return [];
  const prizes = [...placePrizesCents];
  if (prizes.length > ranked.length) {
    const unreached = prizes.splice(ranked.length).reduce((sum, cents) => sum + cents, 0n);
    prizes[0] += unreached;
  }
  const awards: PrizeAward[] = [];
  let index = 0;
  while (index < ranked.length && index < prizes.length) {
    let end = index + 1;
    while (
      end < ranked.length &&
      ranked[end].score === ranked[index].score &&
      ranked[end].reachedKey === ranked[index].reachedKey
    ) {
      end++;
    }
    const group = ranked.slice(index, end);
    const potCents = prizes.slice(index, end).reduce((sum, cents) => sum + cents, 0n);
    const size = BigInt(group.length);
    const shareCents = potCents / size;
    const leftover = Number(potCents % size);
    group.forEach((player, position) => {
      const amountCents = shareCents + (position < leftover ? 1n : 0n);
      if (amountCents > 0n) awards.push({ userId: player.userId, place: index + 1, amountCents });
    });
    index = end;
  }
  return awards;
}
