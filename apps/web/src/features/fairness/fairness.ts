import type { MatchReplayDto, MatchResultDto } from '@skillduel/contracts';
import { replayRound } from '@skillduel/games';

type Pair = readonly [number, number];

/** What the browser checked of a finished round, on its own (docs/product/rooms-and-matches.md#provable-fairness). */
export interface FairnessReport {
  /** sha256(seed) equals the hash published before the start; null while the seed is not revealed. */
  seedMatches: boolean | null;
  /** The round replayed from the seed and the server's input log; null without a log or for a game without engine. */
  replay: { inputs: number; scores: Pair; displayScores: Pair; matches: boolean } | null;
}

/** Lower-case hex SHA-256 of the UTF-8 text, with the browser's own Web Crypto. */
async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const samePair = (a: Pair, b: Pair) => a[0] === b[0] && a[1] === b[1];

/**
 * Checks a finished round in the browser: the revealed seed against the hash published before the start and, given
 * the round's input log, the published scores against a replay with the same game engine the server runs.
 */
export async function checkRound(round: MatchResultDto, replay?: MatchReplayDto): Promise<FairnessReport> {
  const seedMatches = round.seed === null ? null : (await sha256Hex(round.seed)) === round.seed_hash.toLowerCase();
  if (!replay || round.seed === null) return { seedMatches, replay: null };
  const board = replayRound({
    gameId: replay.game_id,
    seed: round.seed,
    timeLimitMs: replay.time_limit_ms,
    log: replay.input_log,
  });
  if (!board) return { seedMatches, replay: null };
  return {
    seedMatches,
    replay: {
      inputs: replay.input_log.filter((entry) => !('tick' in entry)).length,
      scores: board.scores,
      displayScores: board.displayScores,
      matches: samePair(board.scores, round.scores) && samePair(board.displayScores, round.display_scores),
    },
  };
}
