import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const state = globalThis.__skillduelTestPostgres;
  if (!state?.handle) return;
  await state.handle.stop();
  if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
}
