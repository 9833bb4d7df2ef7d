// What a seed prints: one line per invariant, then one summary line.
import { median } from './util.mjs';

export function printReport({ results, figures, players, stats, faultStats, rounds, live }) {
  for (const result of results) {
    console.log(
      `  ${result.ok ? 'ok  ' : 'FAIL'} ${result.name}${result.ok || !result.detail ? '' : `: ${result.detail}`}`,
    );
  }
  const outcomes = players.flatMap((player) => player.ops);
  const { kills, recoveriesMs } = faultStats;
  const recoveries = Object.entries(recoveriesMs)
    .filter(([, ms]) => ms.length > 0)
    .map(([kind, ms]) => `${kind} ${median(ms)}/${Math.max(...ms)} ms`)
    .join(', ');
  const socket = live.socketOutcomes;
  console.log(
    `  summary: ${stats.operations} REST operations (${outcomes.filter((op) => op.status >= 200 && op.status < 300).length} accepted, ` +
      `${outcomes.filter((op) => op.status >= 400).length} refused, ${stats.unknownResolved} unknown resolved by key, ` +
      `${stats.droppedOnPurpose} connections dropped on purpose and retried with the same key); ` +
      `socket requests ${socket.accepted} accepted, ${socket.refused} refused, ${socket.unknown} unknown; ` +
      `live rounds played ${rounds.rounds} (counted per player; ${rounds.seen} results seen, ${rounds.resolved} resolved from the replay, ${rounds.held} held), ` +
      `${live.inputs} inputs, drops ${live.drops.back} back in grace / ${live.drops.forfeit} past it; ` +
      `kills: ${kills.api} API, ${kills.launcher} launcher, ${kills.postgres} postmaster, ${kills.commit} after COMMIT ` +
      `(${faultStats.commitUnfired} armed unfired); pauses ${kills.pause}; ` +
      `recovery median/max ${recoveries}; ` +
      `lost ${figures.lostCents} cents, duplicated ${figures.duplicatedCents} cents, stuck ${figures.stuckItems}; ` +
      `retries answered from a stored answer ${stats.replays} (kills after COMMIT, other kills, dropped connections); ` +
      `503 answers ${stats.http503}, network errors ${stats.networkErrors}`,
  );
  const refusals = [...live.socketRefusals].sort(([, a], [, b]) => b - a);
  if (refusals.length > 0) {
    console.log(`  socket refusals by event and code: ${refusals.map(([key, n]) => `${key} ${n}`).join(', ')}`);
    for (const first of live.firstRefusals) console.log(`    first ${first}`);
  }
}
