import { LIMITS } from '@skillduel/contracts';
import { rngFor } from '../core/rng';
import type { CompletionPolicy, GameId, PlayerStatus } from '../core/types';
import {
  MEMORY_ITEM_MS,
  MEMORY_ROUNDS,
  MEMORY_START_DELAY_MS,
  memoryDisplayScore,
  memorySequenceLength,
} from '../memory-master/memory-master';
import {
  REACTION_FIRST_WAIT_MS,
  REACTION_ROUNDS,
  REACTION_SECOND_WAIT_MS,
  reactionDisplayScore,
  reactionRoundPoints,
} from '../reaction-time/reaction-time';

/**
 * The practice opponent ("Computer", docs/product/games.md#practice-computer): not a player in the engine, just a
 * display score over time, deterministic from its seed. Money never moves against it: practice is free.
 */
export interface Bot {
  readonly gameId: GameId;
  readonly seed: string;
}

export function createBot(gameId: GameId, seed: string): Bot {
  return { gameId, seed };
}

/** One simulated step: when it lands and the display score right after it. */
interface BotStep {
  readonly atMs: number;
  readonly displayScore: number;
}

/** Steady growth: every `everyMs`, + a seeded amount in [min, max], up to 100, like a steadily improving opponent. */
export const BOT_GROWTH = {
  'quick-click': { everyMs: 500, min: 1, max: 3 },
  'number-rush': { everyMs: 2000, min: 1, max: 3 },
  'pattern-pro': { everyMs: 3000, min: 1, max: 2 },
  // The spec only says "simulated": like number-rush but a little quicker, as answers are one tap.
  'color-match': { everyMs: 1500, min: 1, max: 3 },
} as const;

/** word-wizard: one guess every 3-6 s, right 70 % of the time (+10). */
export const BOT_WORD_WIZARD = { minGuessMs: 3000, maxGuessMs: 6000, correctChance: 0.7 } as const;
/** memory-master: 400-800 ms per press after each display; the chance to finish a round falls as it grows. */
export const BOT_MEMORY_MASTER = {
  minPressMs: 400,
  maxPressMs: 800,
  roundSuccessChance: [0.95, 0.9, 0.8, 0.7, 0.6],
} as const;
/** reaction-time: same waits as a player; reacts in 200-450 ms; 10 % of rounds it jumps the gun once. */
export const BOT_REACTION_TIME = { minReactionMs: 200, maxReactionMs: 450, earlyChance: 0.1 } as const;

// Never simulate further than this: matches are capped at 10 minutes anyway.
const MAX_BOT_STEPS = 2000;

function* growthSteps(bot: Bot, config: { everyMs: number; min: number; max: number }): Generator<BotStep> {
  let displayScore = 0;
  for (let k = 1; displayScore < 100; k++) {
    displayScore = Math.min(100, displayScore + rngFor(bot.seed, 'bot', bot.gameId, k).int(config.min, config.max));
    yield { atMs: k * config.everyMs, displayScore };
  }
}

function* wordWizardSteps(bot: Bot): Generator<BotStep> {
  let atMs = 0;
  let score = 0;
  for (let k = 1; score < 100; k++) {
    const rng = rngFor(bot.seed, 'bot', bot.gameId, k);
    atMs += rng.int(BOT_WORD_WIZARD.minGuessMs, BOT_WORD_WIZARD.maxGuessMs);
    if (rng.chance(BOT_WORD_WIZARD.correctChance)) {
      score += LIMITS.pointsPerCorrectAnswer;
      yield { atMs, displayScore: Math.min(100, score) };
    }
  }
}

function* memoryMasterSteps(bot: Bot): Generator<BotStep> {
  let atMs = 0;
  let score = 0;
  for (let round = 1; round <= MEMORY_ROUNDS; round++) {
    const rng = rngFor(bot.seed, 'bot', bot.gameId, round);
    const length = memorySequenceLength(round);
    atMs += MEMORY_START_DELAY_MS + length * MEMORY_ITEM_MS;
    atMs += length * rng.int(BOT_MEMORY_MASTER.minPressMs, BOT_MEMORY_MASTER.maxPressMs);
    if (!rng.chance(BOT_MEMORY_MASTER.roundSuccessChance[round - 1] ?? 0)) return; // a wrong press: it is out
    score += LIMITS.pointsPerCorrectAnswer;
    yield { atMs, displayScore: memoryDisplayScore(score) };
  }
}

function* reactionTimeSteps(bot: Bot): Generator<BotStep> {
  let atMs = 0;
  let total = 0;
  for (let round = 1; round <= REACTION_ROUNDS; round++) {
    const rng = rngFor(bot.seed, 'bot', bot.gameId, round);
    const wait = (): number =>
      rng.int(REACTION_FIRST_WAIT_MS.min, REACTION_FIRST_WAIT_MS.max) +
      rng.int(REACTION_SECOND_WAIT_MS.min, REACTION_SECOND_WAIT_MS.max);
    // An early click restarts the wait from somewhere inside the first one.
    if (rng.chance(BOT_REACTION_TIME.earlyChance)) atMs += rng.int(500, REACTION_FIRST_WAIT_MS.min);
    const reactionMs = rng.int(BOT_REACTION_TIME.minReactionMs, BOT_REACTION_TIME.maxReactionMs);
    atMs += wait() + reactionMs;
    total += reactionRoundPoints(reactionMs);
    yield { atMs, displayScore: reactionDisplayScore(total) };
  }
}

function botSteps(bot: Bot): Generator<BotStep> {
  switch (bot.gameId) {
    case 'quick-click':
    case 'number-rush':
    case 'pattern-pro':
    case 'color-match':
      return growthSteps(bot, BOT_GROWTH[bot.gameId]);
    case 'word-wizard':
      return wordWizardSteps(bot);
    case 'memory-master':
      return memoryMasterSteps(bot);
    case 'reaction-time':
      return reactionTimeSteps(bot);
  }
}

/** The bot's display score (0-100) at `atMs` since the start of play; never decreases. */
export function botScoreAt(bot: Bot, atMs: number): number {
  let displayScore = 0;
  let count = 0;
  for (const step of botSteps(bot)) {
    if (step.atMs > atMs || ++count > MAX_BOT_STEPS) break;
    displayScore = step.displayScore;
  }
  return displayScore;
}

export type PracticeWinner = 'player' | 'computer' | 'tie';

/**
 * Practice result, decided in the browser by the rules of a money match (docs/product/rooms-and-matches.md#practice):
 * in a game that completing wins at once, completing wins; a game-ending mistake (a wrong press) is a loss; otherwise
 * (and always in a game decided once everyone is done, such as reaction time) the display scores compare.
 */
export function practiceWinner(args: {
  readonly completion: CompletionPolicy;
  readonly playerStatus: PlayerStatus;
  readonly playerDisplayScore: number;
  readonly botDisplayScore: number;
}): PracticeWinner {
  if (args.playerStatus === 'completed' && args.completion === 'wins_at_once') return 'player';
  if (args.playerStatus === 'out') return 'computer';
  if (args.playerDisplayScore === args.botDisplayScore) return 'tie';
  return args.playerDisplayScore > args.botDisplayScore ? 'player' : 'computer';
}
