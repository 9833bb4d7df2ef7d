// What a seed prints: one line per invariant, then one summary line.
import { median } from './util.mjs';

export function printReport({ results, figures, players, stats, faultStats }) {
  for (const result of results) {
    console.log(
      `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.ok || !result.detail ? '' : `: ${result.detail}`}`,
    );
  }
  const outcomes = players.flatMap((player) => player.ops);
  const { kills, recoveriesMs } = faultStats;
  console.log(
    `  summary: ${stats.operations} operations (${outcomes.filter((op) => op.status >= 200 && op.status < 300).length} accepted, ` +
      `${outcomes.filter((op) => op.status >= 400).length} refused, ${stats.unknownResolved} unknown resolved by key); ` +
      `kills: ${kills.api} API, ${kills.launcher} launcher, ${kills.postgres} postmaster; ` +
      `recovery median/max ${Object.entries(recoveriesMs)
        .map(([kind, ms]) => `${kind} ${median(ms)}/${Math.max(0, ...ms)} ms`)
        .join(', ')}; ` +
      `lost ${figures.lostCents} cents, duplicated ${figures.duplicatedCents} cents, stuck ${figures.stuckItems}; ` +
      `503 answers ${stats.http503}, network errors ${stats.networkErrors}, ` +
      `retries answered from a stored answer ${stats.replays}`,
  );
}
