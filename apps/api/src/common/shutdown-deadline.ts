import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { Server } from 'node:http';
import { AppConfig } from '../config/app-config';

const SIGNALS: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'];

/**
 * A stop signal always ends the process within SHUTDOWN_TIMEOUT_MS. The graceful path (enableShutdownHooks:
 * rounds voided and refunded, the withdrawal in progress finished, HTTP closed) waits for every in-flight request,
 * and a request stuck on a row lock or a slow database kept it open forever: launchers SIGKILLed the server after
 * their own grace, and Ctrl-C on `npm start` hung. Half-way through, open HTTP connections are closed
 * (a client retries with its Idempotency-Key); at the deadline the process exits with what is still in flight —
 * PostgreSQL rolls back every transaction not yet committed, so no money moves half-way.
 * Only a signal arms it: `app.close()` (tests, boot failures) never exits the process.
 */
@Injectable()
export class ShutdownDeadline implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Shutdown');
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly onSignal = (signal: NodeJS.Signals): void => this.arm(signal);

  constructor(
    private readonly adapterHost: HttpAdapterHost,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    for (const signal of SIGNALS) process.once(signal, this.onSignal);
  }

  onApplicationShutdown(): void {
    for (const signal of SIGNALS) process.removeListener(signal, this.onSignal);
  }

  private arm(signal: NodeJS.Signals): void {
    if (this.timers.length > 0) return;
    const timeoutMs = this.config.SHUTDOWN_TIMEOUT_MS;
    const drain = setTimeout(() => {
      const server = this.adapterHost.httpAdapter?.getHttpServer() as Server | undefined;
      this.logger.warn({ signal, afterMs: timeoutMs / 2 }, 'Shutdown still waiting: closing open HTTP connections');
      server?.closeAllConnections();
    }, timeoutMs / 2);
    const deadline = setTimeout(() => {
      this.logger.error(
        { signal, afterMs: timeoutMs },
        'Shutdown did not finish in time: exiting (uncommitted transactions roll back)',
      );
      process.exit(1);
    }, timeoutMs);
    // Neither keeps a finished process alive.
    drain.unref();
    deadline.unref();
    this.timers.push(drain, deadline);
  }
}
