// A throwaway redis-server for CHAOS_INSTANCES=2 (Debian's `redis-server`, as CI installs it), no persistence.
import { execFileSync, spawn } from 'node:child_process';
import { findFreePort } from '../postgres/embedded.mjs';
import { sleep } from './util.mjs';

export async function startRedis() {
  let binary;
  try {
    binary = execFileSync('which', ['redis-server']).toString().trim();
  } catch {
    throw new Error('CHAOS_INSTANCES=2 needs redis-server (apt-get install redis-server)');
  }
  const port = await findFreePort();
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
      break;
    } catch {
      await sleep(100);
    }
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await new Promise((resolveExit) => child.once('exit', resolveExit));
    },
  };
}
