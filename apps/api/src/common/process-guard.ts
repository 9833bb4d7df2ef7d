import { INestApplicationContext, Logger } from '@nestjs/common';
import { MetricsService } from '../metrics/metrics.service';

type GuardLogger = Pick<Logger, 'error' | 'fatal'>;

/** What a rejection reason or a thrown value says about itself, as log fields (it may not be an Error at all). */
function describe(reason: unknown): Record<string, unknown> {
  if (reason instanceof Error) {
    const code = (reason as { code?: unknown }).code;
    return { err: reason, errorName: reason.name, errorCode: typeof code === 'string' ? code : undefined };
  }
  return { reason: typeof reason === 'string' ? reason : (JSON.stringify(reason) ?? String(reason)) };
}

/**
 * The last line of defence of an API process (docs/decisions/2301). Every promise that can reject is awaited or
 * caught where it is made; a rejection that still nobody handles is a bug in one request, a timer or a Redis
 * callback, and ending the process for it would drop every socket and every live round of this instance (Node's
 * default since v15). So an unhandled rejection is logged with its fields and counted
 * (`skillduel_unhandled_rejections_total`, an alert should watch it) and the process goes on.
 *
 * An uncaught exception is different: a synchronous throw unwound a stack half-way through some change of memory
 * (a room's seats, a match's timers), and nothing says what state is left. It is logged as fatal and the process
 * exits with status 1, as Node would: the launcher (or any supervisor) restarts it, the other instances or the
 * restarted one void its rounds, and the database was never the one in doubt.
 */
export class ProcessGuard {
  constructor(
    private readonly metrics: MetricsService,
    private readonly logger: GuardLogger = new Logger('Process'),
    private readonly exit: (code: number) => void = (code) => process.exit(code),
  ) {}

  readonly onUnhandledRejection = (reason: unknown): void => {
    this.metrics.unhandledRejections.inc();
    this.logger.error(describe(reason), 'Unhandled promise rejection (the process keeps running)');
  };

  readonly onUncaughtException = (error: unknown, origin: string): void => {
    try {
      this.logger.fatal({ ...describe(error), origin }, 'Uncaught exception: the process exits');
    } finally {
      this.exit(1);
    }
  };

  /** Listens on this process; returns the way to stop listening. */
  install(): () => void {
    process.on('unhandledRejection', this.onUnhandledRejection);
    process.on('uncaughtException', this.onUncaughtException);
    return () => {
      process.off('unhandledRejection', this.onUnhandledRejection);
      process.off('uncaughtException', this.onUncaughtException);
    };
  }
}

/**
 * Installed by the entry points of a server process (main.ts, the tests' child server), right after the app is
 * built, not by createApp: in-process tests build many apps inside Jest's own process, whose handling of stray
 * rejections and exceptions is Jest's business.
 */
export function installProcessGuard(app: INestApplicationContext): () => void {
  return new ProcessGuard(app.get(MetricsService)).install();
}
