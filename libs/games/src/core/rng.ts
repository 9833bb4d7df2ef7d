/**
 * Seeded randomness for every engine.
 *
 * We own the algorithms (cyrb128 to hash, sfc32 to generate) instead of depending on a library's internals: the
 * server publishes a seed hash before a match and reveals the seed after it (provably fair), so anyone must be able to
 * replay the exact content years later, in Node or a browser, whatever package versions are installed then.
 * Both use only 32-bit integer maths (`Math.imul`, `| 0`, `>>> 0`), which is bit-identical in every JS engine.
 *
 * Content is addressed, not streamed: `rngFor(seed, 'number-rush', 'question', 7)` always yields the same numbers,
 * so question 7 is the same for both players and the state never has to carry a generator.
 */

export type SeedKey = string | number;

export interface Rng {
  /** Next raw 32-bit unsigned integer. */
  nextUint32(): number;
  /** Uniform integer in [min, max], both inclusive and integers; unbiased (rejection sampling). */
  int(min: number, max: number): number;
  /** True with probability `probability` (0..1). */
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy (Fisher–Yates); the input is left untouched. */
  shuffle<T>(items: readonly T[]): T[];
}

const UINT32_RANGE = 0x1_0000_0000;

/** cyrb128 by bryc (public domain): a string to four 32-bit words. */
export function hashToState(input: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < input.length; i++) {
    const k = input.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 (Chris Doty-Humphrey's Small Fast Counting generator), 128-bit state, 32-bit output. */
function sfc32(seedState: readonly [number, number, number, number]): () => number {
  let [a, b, c, d] = seedState;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
}

// sfc32's first outputs correlate with a hashed seed; the customary warm-up discards them.
const WARM_UP_DRAWS = 15;

/**
 * A generator for one piece of content. The key is JSON-encoded so ('a:b', 1) and ('a', 'b:1') never collide.
 * The returned object mutates only its own closure; callers use it inside one pure function and drop it.
 */
export function rngFor(seed: string, ...path: readonly SeedKey[]): Rng {
  const next = sfc32(hashToState(JSON.stringify([seed, ...path])));
  for (let i = 0; i < WARM_UP_DRAWS; i++) next();

  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || max < min || max - min >= UINT32_RANGE) {
      throw new RangeError(`rng.int: bad range [${min}, ${max}]`);
    }
    const span = max - min + 1;
    // Reject the top sliver of the 2^32 range so every value in [min, max] is exactly equally likely.
    const limit = UINT32_RANGE - (UINT32_RANGE % span);
    let draw = next();
    while (draw >= limit) draw = next();
    return min + (draw % span);
  };

  return {
    nextUint32: next,
    int,
    chance: (probability) => next() / UINT32_RANGE < probability,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new RangeError('rng.pick: empty list');
      return items[int(0, items.length - 1)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = int(0, i);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
