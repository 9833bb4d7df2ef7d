import { expectedScore, GLICKO2, INITIAL_GLICKO2_RATING, rateMatch, updateGlicko2 } from './glicko2';

describe('Glicko-2', () => {
  it("reproduces Glickman's worked example (1500/200/0.06 vs 1400/30 win, 1550/100 loss, 1700/300 loss; τ 0.5)", () => {
    const updated = updateGlicko2({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300 }, score: 0 },
    ]);
    // The paper rounds every intermediate step to 4 decimals on the Glicko-2 scale: μ′ = −0.2069, φ′ = 0.8722,
    // hence 1464.06 and 151.52. Unrounded arithmetic gives μ′ = −0.20694, i.e. 1464.0507 — within 0.01 of it.
    expect((updated.rating - 1500) / 173.7178).toBeCloseTo(-0.2069, 4);
    expect(updated.deviation / 173.7178).toBeCloseTo(0.8722, 4);
    expect(Math.abs(updated.rating - 1464.06)).toBeLessThan(0.01);
    expect(updated.deviation).toBeCloseTo(151.52, 2);
    expect(updated.volatility).toBeCloseTo(0.05999, 4); // 0.059996
  });

  it('starts every player at 1500 / 350 / 0.06 with τ 0.5', () => {
    expect(INITIAL_GLICKO2_RATING).toEqual({ rating: 1500, deviation: 350, volatility: 0.06 });
    expect(GLICKO2.tau).toBe(0.5);
  });

  it('a win between equals moves the winner up and the loser down by the same amount; both deviations shrink', () => {
    const [winner, loser] = rateMatch(INITIAL_GLICKO2_RATING, INITIAL_GLICKO2_RATING, 1);
    expect(winner.rating).toBeGreaterThan(1500);
    expect(loser.rating).toBeLessThan(1500);
    expect(winner.rating - 1500).toBeCloseTo(1500 - loser.rating, 6);
    expect(winner.deviation).toBeLessThan(350);
    expect(loser.deviation).toBeCloseTo(winner.deviation, 6);
  });

  it('a draw moves two different ratings toward each other and leaves equal ratings where they are', () => {
    const strong = { rating: 1700, deviation: 80, volatility: 0.06 };
    const weak = { rating: 1400, deviation: 120, volatility: 0.06 };
    const [strongAfter, weakAfter] = rateMatch(strong, weak, 0.5);
    expect(strongAfter.rating).toBeLessThan(1700);
    expect(weakAfter.rating).toBeGreaterThan(1400);
    const [a, b] = rateMatch(INITIAL_GLICKO2_RATING, INITIAL_GLICKO2_RATING, 0.5);
    expect(a.rating).toBeCloseTo(1500, 9);
    expect(b.rating).toBeCloseTo(1500, 9);
  });

  it('an upset moves more than an expected result', () => {
    const strong = { rating: 1800, deviation: 60, volatility: 0.06 };
    const weak = { rating: 1400, deviation: 60, volatility: 0.06 };
    expect(expectedScore(strong, weak)).toBeGreaterThan(0.85);
    const [, weakWon] = rateMatch(strong, weak, 0);
    const [, weakLost] = rateMatch(strong, weak, 1);
    expect(weakWon.rating - 1400).toBeGreaterThan(1400 - weakLost.rating);
  });

  it('a period without games only grows the deviation, never past 350', () => {
    const idle = updateGlicko2({ rating: 1600, deviation: 100, volatility: 0.06 }, []);
    expect(idle.rating).toBe(1600);
    expect(idle.deviation).toBeGreaterThan(100);
    expect(updateGlicko2(INITIAL_GLICKO2_RATING, []).deviation).toBe(350);
  });

  it('stays finite over a long series of one-sided matches', () => {
    let player = INITIAL_GLICKO2_RATING;
    let opponent = INITIAL_GLICKO2_RATING;
    for (let i = 0; i < 500; i++) [player, opponent] = rateMatch(player, opponent, 1);
    for (const value of [player.rating, player.deviation, player.volatility, opponent.rating]) {
      expect(Number.isFinite(value)).toBe(true);
    }
    expect(player.rating).toBeGreaterThan(opponent.rating);
    expect(player.deviation).toBeGreaterThan(0);
  });
});
