/**
 * Test-only fault points on the money paths, for the chaos tests. In every build that ships this module does nothing;
 * the chaos soak's own build (`SKILLDUEL_CHAOS_BUILD=1`, apps/api/webpack.config.js, output dist/chaos/api) replaces it
 * with fault-hook.chaos.ts, so the production bundle holds no way to kill itself (`npm run test:chaos` greps for it).
 */

/** Called right after a money transaction with an Idempotency-Key COMMITs, before its answer is sent. */
export function afterMoneyCommit(): void {
  // No fault points in production.
}
