import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { KYC_SIGNATURE_HEADER } from '@skillduel/contracts';
import type { AddressInfo } from 'node:net';
import { AppConfig } from '../config/app-config';
import type { SandboxWebhookBody } from './sandbox-identity-provider';
import { signatureHeader } from './webhook-signature';

/** Attempts per webhook: the first and up to five retries, 1 s, 2 s, 4 s, 8 s and 16 s apart. */
const MAX_ATTEMPTS = 6;
const FIRST_RETRY_DELAY_MS = 1000;
/** One delivery attempt gives up after this long. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/**
 * Delivers the sandbox's webhooks over real HTTP to POST /api/kyc/webhooks/sandbox (this server unless
 * KYC_SANDBOX_WEBHOOK_URL says otherwise), each attempt freshly signed. A network error, a timeout or a 5xx/429
 * answer is retried with growing pauses, as real providers retry; any other 4xx is final (the API refused it and
 * would refuse it again). Deliveries in flight are in memory: a restart forgets them, and the tester picks the
 * outcome again (a real provider keeps retrying from its side).
 */
@Injectable()
export class SandboxWebhookSender implements OnModuleDestroy {
  private readonly logger = new Logger(SandboxWebhookSender.name);
  private readonly inFlight = new Set<Promise<void>>();
  /** Wakes the pauses between retries, so shutdown does not wait for them. */
  private readonly wakeups = new Set<() => void>();
  private stopped = false;

  constructor(
    private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
  ) {}

  /** Starts delivering in the background; answers at once. */
  send(body: SandboxWebhookBody, secret: string): void {
    const delivery = this.deliver(body, secret).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Waits for the deliveries in flight (tests; shutdown stops the retries). */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    for (const wake of this.wakeups) wake();
    await this.settled();
  }

  private async deliver(body: SandboxWebhookBody, secret: string): Promise<void> {
    const rawBody = JSON.stringify(body);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !this.stopped; attempt++) {
      let outcome: string;
      try {
        const response = await fetch(this.targetUrl(), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [KYC_SIGNATURE_HEADER]: signatureHeader(secret, rawBody, Math.floor(Date.now() / 1000)),
          },
          body: rawBody,
          signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
        });
        if (response.ok) return;
        outcome = `HTTP ${response.status}`;
        if (response.status < 500 && response.status !== 429) {
          this.logger.warn(`Sandbox webhook ${body.event_id} refused (${outcome}); not retried`);
          return;
        }
      } catch (error) {
        outcome = error instanceof Error ? error.message : String(error);
      }
      if (attempt === MAX_ATTEMPTS) {
        this.logger.error(`Sandbox webhook ${body.event_id} undelivered after ${attempt} attempts (${outcome})`);
        return;
      }
      this.logger.warn(`Sandbox webhook ${body.event_id} attempt ${attempt} failed (${outcome}); retrying`);
      await this.pause(FIRST_RETRY_DELAY_MS * 2 ** (attempt - 1));
    }
  }

  private pause(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = (): void => {
        clearTimeout(timer);
        this.wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, delayMs);
      this.wakeups.add(wake);
    });
  }

  /** KYC_SANDBOX_WEBHOOK_URL, else this server's own listening address. */
  private targetUrl(): string {
    if (this.config.KYC_SANDBOX_WEBHOOK_URL) return this.config.KYC_SANDBOX_WEBHOOK_URL;
    const server = this.adapterHost.httpAdapter.getHttpServer() as { address(): AddressInfo | string | null };
    const address = server.address();
    if (address === null || typeof address === 'string') throw new Error('the API is not listening on a TCP port');
    const host = address.family === 'IPv6' ? '[::1]' : '127.0.0.1';
    return `http://${host}:${address.port}/api/kyc/webhooks/sandbox`;
  }
}
