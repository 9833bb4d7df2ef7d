import { matchmakingWindowWidth } from '@skillduel/contracts';

/** A waiting entry as the matcher sees it (read without locks; each pair is re-checked under locks). */
export interface QueueCandidate {
  entryId: string;
  userId: string;
  roomId: string;
  gameId: string;
  betCents: bigint;
  rating: number;
  waitedMs: number;
  /** The server-issued device id the entry was made with (decision 2330); null: an unknown device, equal to none. */
  deviceId: string | null;
  /** The client address of the entry. */
  ip: string | null;
}

export interface PairingRules {
  /** MATCHMAKING_DISTINCT_IPS: never pair two entries from one address. */
  distinctIps: boolean;
}

/** Whether these two entries may ever be paired: not one user, not one device, and (if required) not one address. */
function mayPair(a: QueueCandidate, b: QueueCandidate, rules: PairingRules): boolean {
  if (a.userId === b.userId) return false;
  if (a.deviceId !== null && a.deviceId === b.deviceId) return false;
  if (rules.distinctIps && a.ip !== null && a.ip === b.ip) return false;
  return true;
}

/** [host, guest]: the guest joins the host's room. The host is the longer-waiting entry. */
export type QueuePair = [QueueCandidate, QueueCandidate];

/**
 * Pairs waiting entries (pure). Per game and bet, the longest-waiting entry first: its window (which is the wider
 * of any pair it can form) decides who qualifies; among them opponents not met recently come first (either side's
 * recent matches), then the closest rating, then the longest wait. Never the same user twice, never two entries
 * `mayPair` refuses (one device; one address with `distinctIps`).
 */
export function pairCandidates(
  candidates: readonly QueueCandidate[],
  recentOpponents: ReadonlyMap<string, ReadonlySet<string>>,
  rules: PairingRules = { distinctIps: false },
): QueuePair[] {
  const groups = new Map<string, QueueCandidate[]>();
  for (const candidate of candidates) {
    const key = `${candidate.gameId}:${candidate.betCents.toString()}`;
    const group = groups.get(key) ?? [];
    group.push(candidate);
    groups.set(key, group);
  }
  const metRecently = (a: QueueCandidate, b: QueueCandidate): boolean =>
    (recentOpponents.get(a.userId)?.has(b.userId) ?? false) || (recentOpponents.get(b.userId)?.has(a.userId) ?? false);

  const pairs: QueuePair[] = [];
  for (const group of groups.values()) {
    const ordered = [...group].sort((a, b) => b.waitedMs - a.waitedMs || a.entryId.localeCompare(b.entryId));
    const used = new Set<string>();
    for (const host of ordered) {
      if (used.has(host.userId)) continue;
      const width = matchmakingWindowWidth(host.waitedMs);
      const fits = ordered.filter(
        (other) =>
          other !== host &&
          !used.has(other.userId) &&
          mayPair(host, other, rules) &&
          Math.abs(other.rating - host.rating) <= width,
      );
      if (fits.length === 0) continue;
      const fresh = fits.filter((other) => !metRecently(host, other));
      const pool = fresh.length > 0 ? fresh : fits;
      const guest = [...pool].sort(
        (a, b) => Math.abs(a.rating - host.rating) - Math.abs(b.rating - host.rating) || b.waitedMs - a.waitedMs,
      )[0];
      used.add(host.userId);
      used.add(guest.userId);
      pairs.push([host, guest]);
    }
  }
  return pairs;
}
