import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterMoneyCommit } from './fault-hook';
import { afterMoneyCommit as chaosAfterMoneyCommit } from './fault-hook.chaos';

describe('fault hook (kill after COMMIT)', () => {
  const armFile = join(mkdtempSync(join(tmpdir(), 'fault-hook-')), 'armed');
  let kill: jest.SpyInstance;

  beforeEach(() => {
    process.env['CHAOS_KILL_AFTER_COMMIT_FILE'] = armFile;
    writeFileSync(armFile, '1');
    kill = jest.spyOn(process, 'kill').mockImplementation(() => true);
    jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => {
    delete process.env['CHAOS_KILL_AFTER_COMMIT_FILE'];
    jest.restoreAllMocks();
  });

  it('does nothing in the module every shipped build contains, even armed', () => {
    afterMoneyCommit();
    expect(kill).not.toHaveBeenCalled();
    expect(existsSync(armFile)).toBe(true);
  });

  it("kills its own process once per arming in the chaos build's replacement", () => {
    chaosAfterMoneyCommit();
    chaosAfterMoneyCommit();
    expect(kill).toHaveBeenCalledTimes(1);
    expect(kill).toHaveBeenCalledWith(process.pid, 'SIGKILL');
    expect(existsSync(armFile)).toBe(false);
  });
});
