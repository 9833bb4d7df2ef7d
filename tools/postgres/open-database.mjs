// The database a command-line tool works on: DATABASE_URL, or else the embedded PostgreSQL in DATA_DIR (default
// .data), which it starts and stops itself (stop `npm start` first: one PostgreSQL per data folder).
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** `{ url, stop }`, or null (with the reason printed) when there is neither DATABASE_URL nor an embedded database. */
export async function openDatabase(root) {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => undefined };
  const dataDir = resolve(root, process.env.DATA_DIR || '.data');
  if (!existsSync(join(dataDir, 'postgres', 'PG_VERSION'))) {
    console.error(
      `No DATABASE_URL and no embedded database in ${dataDir} (run \`npm start\` once, or set DATABASE_URL).`,
    );
    return null;
  }
  const { startEmbeddedPostgres } = await import('./embedded.mjs');
  const embedded = await startEmbeddedPostgres({ dataDir });
  return { url: embedded.url, stop: () => embedded.stop() };
}
