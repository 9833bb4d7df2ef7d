import type { GameCategory, GameDifficulty, GameId } from '@skillduel/contracts';

export interface CatalogueGame {
  id: GameId;
  name: string;
  icon: string;
  description: string;
  category: GameCategory;
  difficulty: GameDifficulty;
  minBetCents: bigint;
  maxBetCents: bigint;
  defaultBetCents: bigint;
  avgGameTimeSeconds: number;
  timeLimitSeconds: number;
  featured: boolean;
}

/**
 * The seven built-in games (docs/product/games.md#the-seven-games), seeded at every boot so the catalogue follows the
 * code.
 */
export const BUILT_IN_GAMES: readonly CatalogueGame[] = [
  {
    id: 'quick-click',
    name: 'Quick Click',
    icon: '🎯',
    description: 'Click as fast as you can. First to hit the target wins.',
    category: 'reaction',
    difficulty: 'easy',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 20,
    timeLimitSeconds: 30,
    featured: true,
  },
  {
    id: 'number-rush',
    name: 'Number Rush',
    icon: '🔢',
    description: 'Solve quick arithmetic. Every correct answer scores 10 points.',
    category: 'math',
    difficulty: 'medium',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 30,
    timeLimitSeconds: 30,
    featured: true,
  },
  {
    id: 'memory-master',
    name: 'Memory Master',
    icon: '🧠',
    description: 'Watch the colour sequence and repeat it. Five rounds, one mistake ends your run.',
    category: 'memory',
    difficulty: 'hard',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 45,
    // The spec's display timings (1 s wait + 1 s per colour, rounds of 3..7 colours) alone take 30 s,
    // so the default 30 s limit would make round 5 unreachable. See docs/decisions/0004.
    timeLimitSeconds: 60,
    featured: true,
  },
  {
    id: 'pattern-pro',
    name: 'Pattern Pro',
    icon: '🧩',
    description: 'Find the missing piece of each pattern. Streaks score more.',
    category: 'logic',
    difficulty: 'medium',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 30,
    timeLimitSeconds: 30,
    featured: false,
  },
  {
    id: 'word-wizard',
    name: 'Word Wizard',
    icon: '🔤',
    description: 'Unscramble as many words as you can before time runs out.',
    category: 'typing',
    difficulty: 'medium',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 30,
    timeLimitSeconds: 30,
    featured: false,
  },
  {
    id: 'reaction-time',
    name: 'Reaction Time',
    icon: '⚡',
    description: 'Wait for green, then click. Five rounds; faster reactions score more.',
    category: 'reaction',
    difficulty: 'easy',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 25,
    timeLimitSeconds: 30,
    featured: false,
  },
  {
    id: 'color-match',
    name: 'Color Match',
    icon: '🎨',
    description: 'Match colours and words under pressure. Streaks score more.',
    category: 'visual',
    difficulty: 'hard',
    minBetCents: 100n,
    maxBetCents: 10_000n,
    defaultBetCents: 1_000n,
    avgGameTimeSeconds: 30,
    timeLimitSeconds: 30,
    featured: false,
  },
];
