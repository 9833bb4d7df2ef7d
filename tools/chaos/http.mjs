// The workload's REST client: every POST carries an Idempotency-Key and is retried with the same key.
import { sleep } from './util.mjs';

/** IDEMPOTENT_REPLAYED_HEADER of libs/contracts. */
const REPLAYED_HEADER = 'idempotent-replayed';

export function newStats() {
  return {
    http500: [],
    http503: 0,
    networkErrors: 0,
    operations: 0,
    unknownResolved: 0,
    replays: 0,
    droppedOnPurpose: 0,
  };
}

/**
 * One HTTP call, retried with the same Idempotency-Key until the server answers (not 5xx) or `untilMs`.
 * `dropAfterMs`: the client drops the first attempt's connection after that long (a flaky network), then retries.
 */
export async function call(stats, baseUrl, { method, path, token, body, key, dropAfterMs }, untilMs) {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await fetch(`${baseUrl}/api${path}`, {
        method,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(attempt === 0 && dropAfterMs ? dropAfterMs : 15_000),
      });
      const text = await response.text();
      if (response.status === 500) stats.http500.push(`${method} ${path}: ${text.slice(0, 200)}`);
      // A retry answered from the stored answer: the first attempt had committed, its answer was lost with the process.
      if (attempt > 0 && response.headers.get(REPLAYED_HEADER) === 'true') stats.replays++;
      if (response.status < 500) return { status: response.status, body: text ? JSON.parse(text) : null };
      if (response.status === 503) stats.http503++;
    } catch {
      if (attempt === 0 && dropAfterMs) stats.droppedOnPurpose++;
      else stats.networkErrors++;
    }
    if (Date.now() > untilMs) return { status: 0, body: null };
    await sleep(250);
  }
}
