/**
 * Glicko-2 (Mark Glickman, "Example of the Glicko-2 system", 2013): a skill rating with its uncertainty (deviation)
 * and how erratic the player is (volatility). Pure: no I/O, no clock. One rating period per match on SkillDuel
 * (docs/decisions/1701-glicko2-ratings.md); the server updates both players in the settlement transaction and the
 * browser only shows the figures, so the algorithm lives here, next to its one user; the starting point is shared.
 */
import { RATING_START } from '@skillduel/contracts';

export interface Glicko2Rating {
  /** Glicko scale (1500 is the starting point). */
  rating: number;
  /** Rating deviation (RD), Glicko scale: the 95 % interval is about rating ± 2 × deviation. */
  deviation: number;
  volatility: number;
}

/** One game of a rating period: the opponent's rating before the period and the player's score in it. */
export interface Glicko2Game {
  opponent: Pick<Glicko2Rating, 'rating' | 'deviation'>;
  /** 1 win, 0.5 draw (a tie), 0 loss. */
  score: number;
}

export const GLICKO2 = {
  initialRating: RATING_START.rating,
  initialDeviation: RATING_START.deviation,
  initialVolatility: RATING_START.volatility,
  /** System constant: how much the volatility may change per period (Glickman: 0.3–1.2; smaller is steadier). */
  tau: 0.5,
  /** No deviation ever exceeds that of a new player. */
  maxDeviation: 350,
  /** Convergence tolerance of the volatility iteration (step 5 of the paper). */
  epsilon: 0.000001,
} as const;

/** The factor between the Glicko and the Glicko-2 scale. */
const SCALE = 173.7178;

export const INITIAL_GLICKO2_RATING: Glicko2Rating = {
  rating: GLICKO2.initialRating,
  deviation: GLICKO2.initialDeviation,
  volatility: GLICKO2.initialVolatility,
};

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
}

function expected(mu: number, muOpponent: number, phiOpponent: number): number {
  return 1 / (1 + Math.exp(-g(phiOpponent) * (mu - muOpponent)));
}

/** The probability (0–1) that `player` beats `opponent`, counting a draw as half. */
export function expectedScore(
  player: Pick<Glicko2Rating, 'rating'>,
  opponent: Pick<Glicko2Rating, 'rating' | 'deviation'>,
): number {
  return expected(
    (player.rating - GLICKO2.initialRating) / SCALE,
    (opponent.rating - GLICKO2.initialRating) / SCALE,
    opponent.deviation / SCALE,
  );
}

/** Step 5: the new volatility, by the Illinois variant of regula falsi on f(x) = 0 with x = ln(σ'²). */
function newVolatility(phi: number, sigma: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number): number => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - phi * phi - v - ex)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) {
    B = Math.log(delta * delta - phi * phi - v);
  } else {
    let k = 1;
    while (f(a - k * tau) < 0) k += 1;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  // Bounded: the bracket halves at least every other step; 100 steps are far beyond what 1e-6 needs.
  for (let step = 0; step < 100 && Math.abs(B - A) > GLICKO2.epsilon; step++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/**
 * The player's rating after one rating period with `games` (all against the opponents' ratings from before the
 * period). No games: only the deviation grows (step 6), capped at `GLICKO2.maxDeviation`.
 */
export function updateGlicko2(
  player: Glicko2Rating,
  games: readonly Glicko2Game[],
  tau: number = GLICKO2.tau,
): Glicko2Rating {
  const mu = (player.rating - GLICKO2.initialRating) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const maxPhi = GLICKO2.maxDeviation / SCALE;
  if (games.length === 0) {
    const grown = Math.min(maxPhi, Math.sqrt(phi * phi + sigma * sigma));
    return { rating: player.rating, deviation: grown * SCALE, volatility: sigma };
  }
  let inverseV = 0;
  let improvement = 0;
  for (const game of games) {
    const muJ = (game.opponent.rating - GLICKO2.initialRating) / SCALE;
    const gJ = g(game.opponent.deviation / SCALE);
    const e = expected(mu, muJ, game.opponent.deviation / SCALE);
    inverseV += gJ * gJ * e * (1 - e);
    improvement += gJ * (game.score - e);
  }
  const v = 1 / inverseV;
  const delta = v * improvement;
  const sigmaNew = newVolatility(phi, sigma, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = Math.min(maxPhi, 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v));
  const muNew = mu + phiNew * phiNew * improvement;
  return {
    rating: muNew * SCALE + GLICKO2.initialRating,
    deviation: phiNew * SCALE,
    volatility: sigmaNew,
  };
}

/** Both players' ratings after one match between them (one rating period each, from the pre-match ratings). */
export function rateMatch(
  player1: Glicko2Rating,
  player2: Glicko2Rating,
  player1Score: number,
  tau: number = GLICKO2.tau,
): [Glicko2Rating, Glicko2Rating] {
  return [
    updateGlicko2(player1, [{ opponent: player2, score: player1Score }], tau),
    updateGlicko2(player2, [{ opponent: player1, score: 1 - player1Score }], tau),
  ];
}
