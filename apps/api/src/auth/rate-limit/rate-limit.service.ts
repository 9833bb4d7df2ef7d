import { Injectable, Logger } from '@nestjs/common';
import { HTTP_ERROR_MESSAGES, WALLET_ERROR_CODES } from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { LockoutKind, logLockout } from '../../common/security-events';
import { AppConfig } from '../../config/app-config';
import { sha256Hex } from '../secrets';
import { SessionsRepository } from '../sessions.repository';
import { RateLimitRepository } from './rate-limit.repository';

/** Route groups limited per client IP (AUTH_RATE_LIMIT_PER_IP_PER_MINUTE each). */
export type AuthRateLimitScope =
  | 'login'
  | 'register'
  | 'refresh'
  | 'password-reset'
  | 'email-verification'
  | 'change-password'
  | 'two-factor'
  | 'oauth';

const MINUTE_SECONDS = 60;
const FAILURE_WINDOW_SECONDS = 15 * 60;
const MAIL_WINDOW_SECONDS = 60 * 60;
const PRUNE_EVERY_MS = 60_000;

function tooManyRequests(): AppError {
  return new AppError(429, 'TOO_MANY_REQUESTS', HTTP_ERROR_MESSAGES[429]);
}

/** 429 of a withdrawal after too many wrong authenticator codes: the spec's message, a code of its own. */
function tooManyWithdrawalCodes(): AppError {
  return new AppError(429, WALLET_ERROR_CODES.tooManyTwoFactorAttempts, HTTP_ERROR_MESSAGES[429]);
}

/** Counters are keyed on a hash of the email, so unknown and known addresses behave the same and no PII is stored. */
function emailKey(email: string): string {
  return sha256Hex(email.trim().toLowerCase()).slice(0, 32);
}

/**
 * The auth rate limits (docs/decisions/0102):
 * - per IP and route group: every attempt counts;
 * - per account: only failures count (wrong password, wrong 2FA code), so a flood cannot lock out the owner:
 *   failures from one IP block that IP for the account, and the account-wide failure limit only blocks
 *   addresses the account has never signed in from;
 * - wrong authenticator codes on withdrawals count apart from sign-in and lock only withdrawals: whoever holds a
 *   stolen access token can try codes there, and must not be able to lock the owner out of their own sign-in;
 * - per email address: verification and reset mails.
 * The failure that starts a lockout is logged as a security event (logLockout).
 */
@Injectable()
export class AuthRateLimitService {
  private readonly logger = new Logger('AuthRateLimit');
  private lastPruneMs = 0;

  constructor(
    private readonly counters: RateLimitRepository,
    private readonly sessions: SessionsRepository,
    private readonly config: AppConfig,
  ) {}

  /** Counts an attempt from `ip` in `scope`; 429 once the minute's allowance is used up. */
  async consumeIp(scope: AuthRateLimitScope, ip: string): Promise<void> {
    this.pruneNowAndThen();
    const { hits } = await this.counters.hit(`ip:${scope}:${ip}`, MINUTE_SECONDS);
    if (hits > this.config.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE) throw tooManyRequests();
  }

  /** 429 when `ip` may not try passwords for `email` right now. `userId` when the account exists. */
  async assertLoginAllowed(email: string, ip: string, userId: string | null): Promise<void> {
    const key = emailKey(email);
    const fromIp = await this.counters.count(`login-fail:${key}:${ip}`, FAILURE_WINDOW_SECONDS);
    if (fromIp >= this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP) throw tooManyRequests();
    const total = await this.counters.count(`login-fail:${key}`, FAILURE_WINDOW_SECONDS);
    if (total >= this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT) {
      // Under attack: addresses the owner signed in from before keep working.
      const known = userId !== null && (await this.sessions.hasSignedInFrom(userId, ip));
      if (!known) throw tooManyRequests();
    }
  }

  /** `userId` when the account exists (for the security event of a lockout). */
  async recordLoginFailure(email: string, ip: string, userId: string | null): Promise<void> {
    const key = emailKey(email);
    const fromIp = await this.counters.hit(`login-fail:${key}:${ip}`, FAILURE_WINDOW_SECONDS);
    this.logIfLockStarts(fromIp, this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP, 'login', userId, ip);
    const total = await this.counters.hit(`login-fail:${key}`, FAILURE_WINDOW_SECONDS);
    this.logIfLockStarts(total, this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT, 'login_new_addresses', userId, ip);
  }

  /** A successful sign-in forgives that address's earlier failures for the account. */
  async recordLoginSuccess(email: string, ip: string): Promise<void> {
    await this.counters.clear(`login-fail:${emailKey(email)}:${ip}`);
  }

  /** Sign-in, 2FA setup/disable and account changes (where the password is proven first). */
  async assertTwoFactorAllowed(userId: string): Promise<void> {
    const failures = await this.counters.count(`2fa-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    if (failures >= this.config.AUTH_MAX_FAILED_2FA_PER_ACCOUNT) throw tooManyRequests();
  }

  async recordTwoFactorFailure(userId: string, ip: string | null): Promise<void> {
    const hit = await this.counters.hit(`2fa-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    this.logIfLockStarts(hit, this.config.AUTH_MAX_FAILED_2FA_PER_ACCOUNT, 'two_factor', userId, ip);
  }

  /**
   * Withdrawals: an access token is all it takes to reach this check, so its failures have their own counter (same
   * allowance as sign-in) that locks withdrawals only (429 TOO_MANY_TWO_FACTOR_ATTEMPTS), never the sign-in.
   */
  async assertWithdrawalCodeAllowed(userId: string): Promise<void> {
    const failures = await this.counters.count(`withdraw-2fa-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    if (failures >= this.config.AUTH_MAX_FAILED_2FA_PER_ACCOUNT) throw tooManyWithdrawalCodes();
  }

  async recordWithdrawalCodeFailure(userId: string, ip: string | null): Promise<void> {
    const hit = await this.counters.hit(`withdraw-2fa-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    this.logIfLockStarts(hit, this.config.AUTH_MAX_FAILED_2FA_PER_ACCOUNT, 'withdrawal_two_factor', userId, ip);
  }

  /** Wrong current password on change-password. */
  async assertPasswordCheckAllowed(userId: string): Promise<void> {
    const failures = await this.counters.count(`password-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    if (failures >= this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP) throw tooManyRequests();
  }

  async recordPasswordCheckFailure(userId: string): Promise<void> {
    const hit = await this.counters.hit(`password-fail:${userId}`, FAILURE_WINDOW_SECONDS);
    this.logIfLockStarts(hit, this.config.AUTH_MAX_FAILED_LOGINS_PER_ACCOUNT_AND_IP, 'password_check', userId, null);
  }

  /** Counts a mail of `purpose` to `email` (existing or not); 429 beyond the hourly allowance. */
  async consumeMail(purpose: 'verify_email' | 'reset_password', email: string): Promise<void> {
    const { hits } = await this.counters.hit(`mail:${purpose}:${emailKey(email)}`, MAIL_WINDOW_SECONDS);
    if (hits > this.config.AUTH_MAX_EMAILS_PER_ADDRESS_PER_HOUR) throw tooManyRequests();
  }

  /**
   * The failure that uses up an allowance starts the lockout (the next attempt is refused until the window ends):
   * logged once, at that failure, not at every refusal after it.
   */
  private logIfLockStarts(
    hit: { hits: number; windowEndsAt: Date },
    limit: number,
    kind: LockoutKind,
    userId: string | null,
    ip: string | null,
  ): void {
    if (hit.hits === limit) logLockout({ kind, userId, ip, until: hit.windowEndsAt });
  }

  private pruneNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastPruneMs < PRUNE_EVERY_MS) return;
    this.lastPruneMs = now;
    this.counters
      .pruneExpired()
      .catch((error: unknown) => this.logger.warn({ err: error }, 'Pruning rate-limit counters failed'));
  }
}
