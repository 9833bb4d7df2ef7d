import { RealtimeError } from '../realtime/realtime.types';
import { MetricsService } from '../metrics/metrics.service';
import { ProcessGuard } from './process-guard';

function guardWithRecorders() {
  const metrics = new MetricsService();
  const lines: Array<{ level: 'error' | 'fatal'; fields: unknown; text: unknown }> = [];
  const exits: number[] = [];
  const logger = {
    error: (fields: unknown, text: unknown) => lines.push({ level: 'error', fields, text }),
    fatal: (fields: unknown, text: unknown) => lines.push({ level: 'fatal', fields, text }),
  };
  const guard = new ProcessGuard(metrics, logger, (code) => exits.push(code));
  const counted = async () => (await metrics.unhandledRejections.get()).values[0]?.value ?? 0;
  return { guard, lines, exits, counted };
}

describe('ProcessGuard', () => {
  it('logs an unhandled rejection with its fields, counts it, and keeps the process running', async () => {
    const { guard, lines, exits, counted } = guardWithRecorders();
    const reason = new RealtimeError('UNAVAILABLE', 'The service is temporarily unavailable.');
    guard.onUnhandledRejection(reason);
    guard.onUnhandledRejection('not an Error');
    expect(await counted()).toBe(2);
    expect(exits).toEqual([]);
    expect(lines).toEqual([
      {
        level: 'error',
        fields: { err: reason, errorName: reason.name, errorCode: 'UNAVAILABLE' },
        text: 'Unhandled promise rejection (the process keeps running)',
      },
      { level: 'error', fields: { reason: 'not an Error' }, text: expect.any(String) },
    ]);
  });

  it('an uncaught exception is logged as fatal and still ends the process with status 1', () => {
    const { guard, lines, exits } = guardWithRecorders();
    const error = new TypeError('broken state');
    guard.onUncaughtException(error, 'uncaughtException');
    expect(exits).toEqual([1]);
    expect(lines).toEqual([
      {
        level: 'fatal',
        fields: expect.objectContaining({ err: error, errorName: 'TypeError', origin: 'uncaughtException' }),
        text: 'Uncaught exception: the process exits',
      },
    ]);
  });

  it('installs one listener of each kind and removes them again', () => {
    const { guard } = guardWithRecorders();
    const before = [process.listenerCount('unhandledRejection'), process.listenerCount('uncaughtException')];
    const uninstall = guard.install();
    expect([process.listenerCount('unhandledRejection'), process.listenerCount('uncaughtException')]).toEqual([
      before[0] + 1,
      before[1] + 1,
    ]);
    uninstall();
    expect([process.listenerCount('unhandledRejection'), process.listenerCount('uncaughtException')]).toEqual(before);
  });
});
