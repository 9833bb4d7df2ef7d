import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IDEMPOTENCY_KEY_PATTERN, WALLET_ERROR_CODES, WALLET_MESSAGES } from '@skillduel/contracts';
import { createHash } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { toErrorBody } from '../common/all-exceptions.filter';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { afterMoneyCommit } from '../database/fault-hook';
import { transactionWithRetry } from '../database/retry-transaction';
import { IdempotencyRepository } from './idempotency.repository';

/** An HTTP answer as it is sent, and as it is stored for replays. */
export interface HttpAnswer {
  statusCode: number;
  /** A success DTO, or the error body of a refusal (ErrorBody). */
  body: unknown;
}

/** What an idempotent operation returns: its answer, and optionally the last step of its work. */
export interface IdempotentOutcome extends HttpAnswer {
  /**
   * Runs after the answer is stored, right before COMMIT: the operation's write that locks a busy row (the ledger
   * post that locks the provider's clearing account), so that row stays locked only for this step and the COMMIT.
   * It must not be refusable (check everything before answering): any error here rolls everything back, key included.
   */
  finish?: () => Promise<void>;
}

export interface IdempotentRequest {
  userId: string;
  /** The Idempotency-Key header; without one the operation simply runs (once per request). */
  key: string | undefined;
  /** What makes two requests "the same": the route and the normalized body. */
  fingerprint: Record<string, string>;
  /** Put into a stored error body, so every replay answers byte-for-byte the same. */
  requestId: string;
}

/**
 * Runs a money-moving operation at most once per (user, Idempotency-Key), in one database transaction with the
 * key's claim, so the stored answer and the money can never disagree.
 *
 * - first request: claims the key, runs the operation, stores its answer (2xx, or a 4xx business refusal such as
 *   'Insufficient balance': the first answer is the answer), commits;
 * - concurrent or later retries: wait for the first to commit, then get the stored answer (`replayed`);
 * - the same key with a different request: 422, nothing runs;
 * - a 5xx (or a crash) rolls everything back, key included: nothing happened, a retry runs again;
 * - a deadlock or serialization failure rolls everything back and the server runs the whole transaction again
 *   (transactionWithRetry), so the client never sees it; `operation` must therefore not change anything outside the
 *   transaction before COMMIT.
 */
@Injectable()
export class IdempotencyService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: IdempotencyRepository,
    private readonly config: AppConfig,
  ) {}

  async run(
    request: IdempotentRequest,
    operation: (manager: EntityManager) => Promise<IdempotentOutcome>,
  ): Promise<HttpAnswer & { replayed: boolean }> {
    if (request.key === undefined) {
      const answer = await transactionWithRetry(this.dataSource, async (manager) => {
        const { finish, ...outcome } = await operation(manager);
        await finish?.();
        return outcome;
      });
      return { ...answer, replayed: false };
    }
    const key = request.key;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      throw AppError.badRequest(WALLET_ERROR_CODES.invalidIdempotencyKey, WALLET_MESSAGES.invalidIdempotencyKey);
    }
    const requestHash = hashFingerprint(request.fingerprint);

    const answer = await transactionWithRetry(this.dataSource, async (manager) => {
      const claimed = await this.repository.claim(
        manager,
        request.userId,
        key,
        requestHash,
        this.config.IDEMPOTENCY_KEY_TTL_HOURS,
      );
      if (!claimed) {
        const stored = await this.repository.find(manager, request.userId, key);
        if (!stored || stored.statusCode === null) {
          // The holder committed without an answer or the key was purged in between: never guess, let the client retry.
          throw new AppError(409, WALLET_ERROR_CODES.idempotencyKeyBusy, WALLET_MESSAGES.idempotencyKeyBusy);
        }
        if (stored.requestHash !== requestHash) {
          throw new AppError(422, WALLET_ERROR_CODES.idempotencyKeyReused, WALLET_MESSAGES.idempotencyKeyReused);
        }
        return { statusCode: stored.statusCode, body: stored.body, replayed: true };
      }

      await manager.query('SAVEPOINT idempotent_operation');
      let answer: HttpAnswer;
      let finish: IdempotentOutcome['finish'];
      try {
        // No RELEASE on success: COMMIT ends the savepoint too.
        ({ finish, ...answer } = await operation(manager));
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        // A business refusal is the request's answer: undo the operation's writes, keep the key with the refusal.
        await manager.query('ROLLBACK TO SAVEPOINT idempotent_operation');
        answer = { statusCode: error.statusCode, body: { ...toErrorBody(error).body, requestId: request.requestId } };
      }
      await this.repository.storeAnswer(manager, request.userId, key, answer.statusCode, answer.body);
      await finish?.();
      return { ...answer, replayed: false };
    });
    // Committed, not answered yet: the chaos build may die here (fault-hook.ts; nothing in production).
    if (!answer.replayed) afterMoneyCommit();
    return answer;
  }
}

function hashFingerprint(fingerprint: Record<string, string>): string {
  const canonical = JSON.stringify(
    Object.keys(fingerprint)
      .sort()
      .map((name) => [name, fingerprint[name]]),
  );
  return createHash('sha256').update(canonical).digest('hex');
}
