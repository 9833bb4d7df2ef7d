import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics. One registry per application instance (tests create several apps in one
 * process), default Node.js metrics included. Other modules record through the typed members below.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: 'skillduel_http_request_duration_seconds',
    help: 'HTTP request latency by method, route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  readonly openSockets = new Gauge({
    name: 'skillduel_open_sockets',
    help: 'Socket.IO connections open on this instance',
    registers: [this.registry],
  });

  readonly liveMatches = new Gauge({
    name: 'skillduel_live_matches',
    help: 'Matches in countdown or play run by this instance',
    registers: [this.registry],
  });

  readonly ledgerPostings = new Counter({
    name: 'skillduel_ledger_postings_total',
    help: 'Ledger transactions posted (replays of an idempotency key not counted), by kind',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });

  readonly settlementFailures = new Counter({
    name: 'skillduel_settlement_failures_total',
    help: 'Match settlements that failed and were left for recovery',
    registers: [this.registry],
  });

  readonly unhandledRejections = new Counter({
    name: 'skillduel_unhandled_rejections_total',
    help: 'Promise rejections nobody handled, logged and survived by the process guard (each one is a bug)',
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'skillduel_' });
  }

  /** Records one finished HTTP request; `route` is the route pattern (never the raw URL, to bound cardinality). */
  observeHttp(method: string, route: string, statusCode: number, durationSeconds: number): void {
    this.httpRequestDuration.labels(method, route, String(statusCode)).observe(durationSeconds);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }
}
