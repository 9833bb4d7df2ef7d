import { createHash, createHmac } from 'node:crypto';

/**
 * The seed of attempt number `attemptNo` of a tournament: an HMAC of the number under the tournament's secret seed.
 * Every player's attempt k therefore plays the same content; nobody can work it out before the tournament's seed is
 * revealed at the finish, and anyone can check it afterwards from the revealed seed.
 */
export function attemptSeed(tournamentSeed: string, attemptNo: number): string {
  return createHmac('sha256', tournamentSeed).update(`attempt:${attemptNo}`).digest('hex');
}

/** What is published of an attempt's seed before the finish (its sha256, as a duel publishes its seed hash). */
export function attemptSeedHash(tournamentSeed: string, attemptNo: number): string {
  return createHash('sha256').update(attemptSeed(tournamentSeed, attemptNo)).digest('hex');
}
