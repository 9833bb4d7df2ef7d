/**
 * Human plausibility floors shared by the engines (decision 1801, which gives every figure's source). They are
 * deliberately below what the fastest humans do, so a real player never meets them; a script that answers as soon as
 * an item appears does. Per-game floors (`numberRushMinAnswerMs`, `COLOR_MATCH_MIN_ANSWER_MS`, ...) are built from
 * these and live beside their games.
 */

/**
 * Physiological floor of a simple reaction: faster than this after a stimulus is anticipation or a script (the
 * false-start rule of sprinting; means are ~200-250 ms). Also the time to notice that a new item is on screen.
 */
export const MIN_HUMAN_REACTION_MS = 100;

/** One keystroke (a digit, a letter or Enter): faster than the fastest recorded typists (~55 ms at ~215 wpm). */
export const MIN_KEYSTROKE_MS = 50;

/** One mental-arithmetic step: a single-digit fact, one column of a multi-digit sum, one times-table product. */
export const MIN_ARITHMETIC_STEP_MS = 150;

/**
 * Sustained input rate: more than 14 inputs a second averaged over 3 s is beyond two-finger alternate tapping and
 * normal-clicking click-speed records (~10-14/s). The 20-per-second burst cap stays as well.
 */
export const MAX_SUSTAINED_INPUTS_PER_SECOND = 14;
export const SUSTAINED_RATE_WINDOW_MS = 3000;
export const MAX_SUSTAINED_INPUTS_PER_WINDOW = (MAX_SUSTAINED_INPUTS_PER_SECOND * SUSTAINED_RATE_WINDOW_MS) / 1000;

/** True when an answer came sooner after its item was shown than the task's floor allows. */
export function answeredTooFast(atMs: number, shownAtMs: number, minAnswerMs: number): boolean {
  return atMs - shownAtMs < minAnswerMs;
}
