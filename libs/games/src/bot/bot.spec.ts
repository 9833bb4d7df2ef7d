import fc from 'fast-check';
import { GAME_IDS, LIMITS } from '@skillduel/contracts';
import { COLOR_MATCH_MIN_ANSWER_MS } from '../color-match/color-match';
import { MAX_SUSTAINED_INPUTS_PER_SECOND, MIN_HUMAN_REACTION_MS } from '../core/plausibility';
import { MEMORY_MASTER_MIN_PRESS_MS } from '../memory-master/memory-master';
import { numberRushMinAnswerMs } from '../number-rush/number-rush';
import { PATTERN_PRO_MIN_ANSWER_MS } from '../pattern-pro/pattern-pro';
import { QUICK_CLICK_TARGET_MAX } from '../quick-click/quick-click';
import { WIZARD_WORDS, wordWizardMinAnswerMs } from '../word-wizard/word-wizard';
import {
  BOT_GROWTH,
  BOT_MEMORY_MASTER,
  BOT_REACTION_TIME,
  BOT_WORD_WIZARD,
  botScoreAt,
  createBot,
  practiceWinner,
} from './bot';

const curve = (gameId: (typeof GAME_IDS)[number], seed: string, untilMs = 60_000, stepMs = 100) =>
  Array.from({ length: untilMs / stepMs + 1 }, (_, i) => botScoreAt(createBot(gameId, seed), i * stepMs));

describe('practice bot', () => {
  it.each(GAME_IDS)(
    '%s: starts at 0, stays within 0-100 as whole numbers, never falls, and replays from its seed',
    (gameId) => {
      fc.assert(
        fc.property(fc.string(), (seed) => {
          // botScoreAt replays the bot from the start on every call, so sample a 30 s match every 250 ms.
          const scores = curve(gameId, seed, 30_000, 250);
          expect(scores[0]).toBe(0);
          scores.forEach((score, i) => {
            expect(Number.isInteger(score) && score >= 0 && score <= 100).toBe(true);
            if (i > 0) expect(score).toBeGreaterThanOrEqual(scores[i - 1] as number);
          });
          expect(curve(gameId, seed, 30_000, 250)).toEqual(scores);
        }),
        { numRuns: 10 },
      );
    },
  );

  it.each(GAME_IDS)('%s: makes progress within a 30 s match and differs between seeds', (gameId) => {
    const at30s = Array.from({ length: 20 }, (_, i) => botScoreAt(createBot(gameId, `seed-${i}`), 30_000));
    expect(Math.max(...at30s)).toBeGreaterThan(0);
    expect(
      new Set(Array.from({ length: 20 }, (_, i) => curve(gameId, `seed-${i}`, 30_000, 250).join())).size,
    ).toBeGreaterThan(1);
  });

  it.each(Object.entries(BOT_GROWTH))('%s: grows by %p at each step, capped at 100', (gameId, growth) => {
    const bot = createBot(gameId as keyof typeof BOT_GROWTH, 'growth-seed');
    let previous = 0;
    for (let atMs = growth.everyMs; previous < 100 && atMs < 600_000; atMs += growth.everyMs) {
      // Nothing moves between steps.
      expect(botScoreAt(bot, atMs - 1)).toBe(previous);
      const score = botScoreAt(bot, atMs);
      const step = score - previous;
      if (score < 100) {
        expect(step).toBeGreaterThanOrEqual(growth.min);
        expect(step).toBeLessThanOrEqual(growth.max);
      }
      previous = score;
    }
    expect(previous).toBe(100);
  });

  it('quick-click: +1-3 every 500 ms', () => {
    expect(BOT_GROWTH['quick-click']).toEqual({ everyMs: 500, min: 1, max: 3 });
    expect(BOT_GROWTH['number-rush']).toEqual({ everyMs: 2000, min: 1, max: 3 });
    expect(BOT_GROWTH['pattern-pro']).toEqual({ everyMs: 3000, min: 1, max: 2 });
  });

  it('memory-master moves in whole rounds (20 display points each) and not before round 1 can be played', () => {
    const scores = curve('memory-master', 'mm-seed', 120_000, 250);
    for (const score of scores) expect(score % 20).toBe(0);
    // Round 1: 1 s wait + 3 s display, then presses.
    expect(botScoreAt(createBot('memory-master', 'mm-seed'), 4000)).toBe(0);
  });
});

describe('practiceWinner', () => {
  const atOnce = 'wins_at_once' as const;
  it('completion wins, a game-ending mistake loses, otherwise display scores compare', () => {
    const winner = (
      playerStatus: 'completed' | 'out' | 'playing',
      playerDisplayScore: number,
      botDisplayScore: number,
    ) => practiceWinner({ completion: atOnce, playerStatus, playerDisplayScore, botDisplayScore });
    expect(winner('completed', 100, 100)).toBe('player');
    expect(winner('out', 80, 20)).toBe('computer');
    expect(winner('playing', 50, 40)).toBe('player');
    expect(winner('playing', 30, 40)).toBe('computer');
    expect(winner('playing', 40, 40)).toBe('tie');
  });

  it('in a game decided once everyone is done (reaction time), completing is no win: the scores decide', () => {
    const allDone = 'when_all_done' as const;
    // The defect: a finished reaction-time practice showed "You Won!" with 65 against the computer's 72.
    expect(
      practiceWinner({ completion: allDone, playerStatus: 'completed', playerDisplayScore: 65, botDisplayScore: 72 }),
    ).toBe('computer');
    expect(
      practiceWinner({ completion: allDone, playerStatus: 'completed', playerDisplayScore: 80, botDisplayScore: 72 }),
    ).toBe('player');
    expect(
      practiceWinner({ completion: allDone, playerStatus: 'completed', playerDisplayScore: 72, botDisplayScore: 72 }),
    ).toBe('tie');
  });

  it('plays at a human pace: never faster than the plausibility floors a player is held to', () => {
    // Growth games: the fastest growth, turned into inputs per second or ms per correct answer.
    const quick = BOT_GROWTH['quick-click'];
    expect(((quick.max / 100) * QUICK_CLICK_TARGET_MAX * 1000) / quick.everyMs).toBeLessThanOrEqual(
      MAX_SUSTAINED_INPUTS_PER_SECOND,
    );
    const msPerCorrect = (config: { everyMs: number; max: number }) =>
      (config.everyMs * LIMITS.pointsPerCorrectAnswer) / config.max;
    const hardestSum = numberRushMinAnswerMs({ left: 50, operator: '+', right: 50 }, 100);
    expect(msPerCorrect(BOT_GROWTH['number-rush'])).toBeGreaterThanOrEqual(hardestSum);
    expect(msPerCorrect(BOT_GROWTH['color-match'])).toBeGreaterThanOrEqual(COLOR_MATCH_MIN_ANSWER_MS.match_word);
    expect(msPerCorrect(BOT_GROWTH['pattern-pro'])).toBeGreaterThanOrEqual(PATTERN_PRO_MIN_ANSWER_MS);
    const longestWord = Math.max(...WIZARD_WORDS.map((word) => wordWizardMinAnswerMs(word)));
    expect(BOT_WORD_WIZARD.minGuessMs).toBeGreaterThanOrEqual(longestWord);
    expect(BOT_MEMORY_MASTER.minPressMs).toBeGreaterThanOrEqual(
      Math.max(MEMORY_MASTER_MIN_PRESS_MS, MIN_HUMAN_REACTION_MS),
    );
    expect(BOT_REACTION_TIME.minReactionMs).toBeGreaterThanOrEqual(MIN_HUMAN_REACTION_MS);
  });
});
