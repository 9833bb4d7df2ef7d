import { parseDollarsToCents } from './money';

/*
 * Tournaments (docs/product/tournaments.md): plain data and pure helpers shared by the API and the web app. No
 * decorators here (the browser imports this file); the class-validator DTOs are in dto/tournaments.dto.ts.
 */

export const TOURNAMENT_FORMATS = ['arena', 'bracket'] as const;
export type TournamentFormat = (typeof TOURNAMENT_FORMATS)[number];

export const TOURNAMENT_STATUSES = ['scheduled', 'running', 'finished', 'cancelled'] as const;
export type TournamentStatus = (typeof TOURNAMENT_STATUSES)[number];

export const TOURNAMENT_PRIZE_MODES = ['guaranteed', 'pooled'] as const;
export type TournamentPrizeMode = (typeof TOURNAMENT_PRIZE_MODES)[number];

export const TOURNAMENT_LIMITS = {
  nameMaxLength: 80,
  minEntrants: 2,
  maxEntrants: 10_000,
  maxEntriesPerPlayer: 3,
  /** Paid places of a prize table. */
  maxPaidPlaces: 100,
  /** The highest entry fee ($10 000), so every sum of a tournament stays far inside the ledger's range. */
  maxEntryFeeCents: 1_000_000,
  /** The highest guaranteed prize of one place ($1 000 000). */
  maxPlacePrizeCents: 100_000_000,
  /** Rake in basis points: at most half of the entries. */
  maxRakeBps: 5_000,
  /** A pooled table's percentages, in hundredths of a percent (basis points), sum to exactly this. */
  pooledTableTotalBps: 10_000,
  /** The longest arena window. */
  maxWindowMs: 31 * 24 * 60 * 60 * 1000,
  /** Rows of one standings page (`limit`), and the default. */
  standingsPageMax: 100,
  standingsPageDefault: 20,
} as const;

export const TOURNAMENT_ERROR_CODES = {
  notFound: 'NOT_FOUND',
  notOpen: 'TOURNAMENT_NOT_OPEN',
  full: 'TOURNAMENT_FULL',
  entryLimit: 'TOURNAMENT_ENTRY_LIMIT',
  notEntered: 'TOURNAMENT_NOT_ENTERED',
  alreadyStarted: 'TOURNAMENT_ALREADY_STARTED',
  notCancellable: 'TOURNAMENT_NOT_CANCELLABLE',
  notArena: 'TOURNAMENT_NOT_ARENA',
  notRunning: 'TOURNAMENT_NOT_RUNNING',
  windowOver: 'TOURNAMENT_WINDOW_OVER',
  noEntryLeft: 'TOURNAMENT_NO_ENTRY_LEFT',
  invalid: 'VALIDATION_ERROR',
} as const;

export const TOURNAMENT_MESSAGES = {
  nameRequired: 'Please enter a tournament name (at most 80 characters)',
  chooseGame: 'Please choose a game',
  formatInvalid: `format must be one of ${TOURNAMENT_FORMATS.join(', ')}`,
  prizeModeInvalid: `prize_mode must be one of ${TOURNAMENT_PRIZE_MODES.join(', ')}`,
  statusInvalid: `status must be one of ${TOURNAMENT_STATUSES.join(', ')}`,
  entryFeeInvalid: 'Please enter a valid entry fee',
  entryFeeMax: 'The entry fee is at most $10000.00',
  entrantsInvalid: `min_entrants and max_entrants must be whole numbers from ${TOURNAMENT_LIMITS.minEntrants} to ${TOURNAMENT_LIMITS.maxEntrants}, min at most max`,
  entriesPerPlayerInvalid: `max_entries_per_player must be 1 to ${TOURNAMENT_LIMITS.maxEntriesPerPlayer}`,
  rakeInvalid: `rake_bps must be a whole number from 0 to ${TOURNAMENT_LIMITS.maxRakeBps}`,
  windowInvalid: 'starts_at must be in the future and ends_at after it (at most 31 days later)',
  dateInvalid: 'starts_at and ends_at must be ISO 8601 date-times',
  payoutTableInvalid: `payout_table must list 1 to ${TOURNAMENT_LIMITS.maxPaidPlaces} positive amounts (at most $1000000.00 each) with at most 2 decimals, best place first, never rising`,
  pooledTableSum: 'A pooled payout_table lists percentages that sum to exactly 100',
  bracketNotYet: 'Knockout brackets are not available yet',
  notOpen: 'This tournament no longer takes entries',
  full: 'This tournament is full',
  entryLimit: (max: number) => `You already have the most entries allowed (${max})`,
  notEntered: 'You have no entry in this tournament',
  alreadyStarted: 'This tournament has already started: entries can no longer be withdrawn',
  notCancellable: 'Only a scheduled or running tournament can be cancelled',
  notArena: 'Attempts are played only in arena tournaments',
  notRunning: 'This tournament is not running: attempts can be played only between its start and its end',
  windowOver: "This tournament's window is over: an attempt started now could not finish before the end",
  noEntryLeft: 'You have no unused entry left in this tournament',
  attemptNotYours: 'This attempt is not yours',
  attemptElsewhere: 'This attempt is being played on another connection',
  attemptOver: 'This attempt is over',
  standingsLimit: `limit must be a whole number from 1 to ${TOURNAMENT_LIMITS.standingsPageMax}`,
  standingsOffset: `offset must be a whole number from 0 to ${TOURNAMENT_LIMITS.maxEntrants}`,
  standingsAround: 'around must be me',
} as const;

/** Where an attempt is: reserved (not opened yet), being played, scored, or void (it could not count). */
export const TOURNAMENT_ATTEMPT_STATUSES = ['waiting', 'playing', 'scored', 'void'] as const;
export type TournamentAttemptStatus = (typeof TOURNAMENT_ATTEMPT_STATUSES)[number];

/**
 * One attempt of the caller (POST /tournaments/{id}/attempts answers it): a solo round of the tournament's game on
 * the content of attempt number `attempt_no`, the same for every player. Play it over the socket: send
 * `tournament:attempt:join` with `{ attempt_id }` (the countdown starts), then `tournament:attempt:input`.
 */
export interface TournamentAttemptDto {
  id: string;
  tournament_id: string;
  /** The caller's attempt number (1, 2, 3): attempt k of every player plays the same content. */
  attempt_no: number;
  /** What to name over the socket to play it (the attempt's id). */
  room_id: string;
  game_id: string;
  status: TournamentAttemptStatus;
  /** sha256 of this attempt's seed; the seed itself is shown once the tournament is finished. */
  seed_hash: string;
  time_limit_ms: number;
  /** The server-computed score once scored, else null. */
  score: number | null;
  /** When the score was reached (ISO 8601), once scored. */
  reached_at: string | null;
}

/** One ranked player: their best attempt. Equal score reached at the same instant share a rank. */
export interface TournamentStandingDto {
  /** Competition rank: 1 + the players whose best is strictly better (higher score, or the same reached earlier). */
  rank: number;
  user_id: string;
  username: string;
  score: number;
  /** When the best score was reached (ISO 8601): the earlier ranks higher. */
  reached_at: string;
  is_me: boolean;
}

/**
 * GET /tournaments/{id}/standings: a page of the ranked players (best first), or with `around=me` the rows around
 * the caller. `me` is the caller's own row (null for a guest or a player without a scored attempt).
 */
export interface TournamentStandingsDto {
  tournament_id: string;
  /** Players with a scored attempt. */
  ranked: number;
  /** Index of the first row in the whole list (0 = the leader). */
  offset: number;
  limit: number;
  rows: TournamentStandingDto[];
  me: TournamentStandingDto | null;
}

/** `tournament:standings`: one player's new best and rank, and how many players are ranked now. */
export interface TournamentStandingsChangedDto {
  tournament_id: string;
  ranked: number;
  changed: TournamentStandingDto;
}

/** `tournament:subscribe` / `tournament:unsubscribe` payload. */
export interface TournamentRefPayload {
  tournament_id: string;
}

/** The ack of `tournament:attempt:join`: where the round is; `view` is the engine's PlayerView once play started. */
export interface TournamentAttemptJoinedDto {
  attempt: TournamentAttemptDto;
  phase: 'countdown' | 'playing' | 'finished';
  /** Epoch ms play starts (end of the countdown) and ends at the latest. */
  starts_at: number;
  ends_at: number;
  server_time: number;
  view: unknown;
}

/** `tournament:attempt:join` and `tournament:attempt:input` payloads. */
export interface TournamentAttemptRefPayload {
  attempt_id: string;
}
export interface TournamentAttemptInputPayload extends TournamentAttemptRefPayload {
  input: unknown;
}

/** `tournament:attempt:finished`: the caller's attempt is over and its score stored (or void: it did not count). */
export interface TournamentAttemptFinishedDto {
  attempt: TournamentAttemptDto;
  /** The engine's human-limit flags of this round (refused or discounted inputs). */
  flags: number;
}

/** One entry of the caller, as GET /tournaments/{id} and POST .../entries answer it. */
export interface TournamentEntryDto {
  id: string;
  entry_no: number;
  /** Dollars. */
  entry_fee: number;
  status: 'held' | 'refunded' | 'played_in';
  created_at: string;
}

/** The caller's part in a tournament: null when they never entered. */
export interface MyTournamentEntryDto {
  entries: TournamentEntryDto[];
  /** Entries still counting (not refunded). */
  active_entries: number;
  /** Further entries the caller may still buy. */
  entries_left: number;
}

export interface TournamentDto {
  id: string;
  name: string;
  game_id: string;
  format: TournamentFormat;
  status: TournamentStatus;
  /** Dollars. */
  entry_fee: number;
  /** Players holding at least one entry. */
  entrants: number;
  /** Paid entries (a player may hold up to max_entries_per_player). */
  entries: number;
  min_entrants: number;
  max_entrants: number;
  max_entries_per_player: number;
  prize_mode: TournamentPrizeMode;
  /** Dollars per place (guaranteed) or percent per place (pooled), best place first. */
  payout_table: number[];
  rake_bps: number;
  /** Dollars: the published table (guaranteed) or entries × fee × (1 − rake) so far (pooled). */
  prize_pool: number;
  starts_at: string;
  ends_at: string;
  /** sha256 of the tournament's seed, published before anyone pays; the seed is shown once it is finished. */
  seed_commitment: string;
  seed: string | null;
  cancel_reason: string | null;
  my_entry: MyTournamentEntryDto | null;
}

/**
 * A payout table as the API's integer units: cents per place (guaranteed) or basis points per place (pooled, a
 * percent with at most two decimals is a whole number of hundredths of a percent). Null when a value is not a
 * positive amount with at most 2 decimals.
 */
export function payoutTableUnits(table: unknown): bigint[] | null {
  if (!Array.isArray(table) || table.length === 0 || table.length > TOURNAMENT_LIMITS.maxPaidPlaces) return null;
  const units: bigint[] = [];
  for (const value of table) {
    if (typeof value !== 'number' && typeof value !== 'string') return null;
    const parsed = parseDollarsToCents(value);
    if (parsed === null || parsed <= 0n || parsed > BigInt(TOURNAMENT_LIMITS.maxPlacePrizeCents)) return null;
    units.push(parsed);
  }
  return units;
}

/** The message of what is wrong with a payout table for this prize mode, or null when it is valid. */
export function payoutTableProblem(mode: unknown, table: unknown): string | null {
  const units = payoutTableUnits(table);
  if (units === null) return TOURNAMENT_MESSAGES.payoutTableInvalid;
  // A better place never pays less than a worse one: a tie then never takes money from a better-placed player.
  for (let place = 1; place < units.length; place++) {
    if (units[place] > units[place - 1]) return TOURNAMENT_MESSAGES.payoutTableInvalid;
  }
  if (
    mode === 'pooled' &&
    units.reduce((sum, value) => sum + value, 0n) !== BigInt(TOURNAMENT_LIMITS.pooledTableTotalBps)
  ) {
    return TOURNAMENT_MESSAGES.pooledTableSum;
  }
  return null;
}
