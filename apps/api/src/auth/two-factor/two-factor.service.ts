import { Injectable } from '@nestjs/common';
import {
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  MessageResponse,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
} from '@skillduel/contracts';
import { randomInt } from 'node:crypto';
import { AppError } from '../../common/app-error';
import { UsersService } from '../../users/users.service';
import { AuthRateLimitService } from '../rate-limit/rate-limit.service';
import { sha256Hex } from '../secrets';
import { TotpService } from './totp.service';
import { TwoFactorRepository } from './two-factor.repository';

const RECOVERY_CODE_COUNT = 10;
/** Crockford-style alphabet without look-alikes (0/O, 1/I/L, U). */
const RECOVERY_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 16 characters ≈ 78 bits: out of reach of guessing, so a plain SHA-256 of it is a safe thing to store. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)?.join('-') ?? chars;
}

function normalizeRecoveryCode(code: string): string {
  return code.toUpperCase().replace(/[^0-9A-Z]/g, '');
}

export interface SecondFactor {
  totp_code?: string;
  recovery_code?: string;
}

/**
 * What a current code is asked for. Its wrong codes count in different places (decision 0102): an account change
 * has proven the password first, so its failures share the sign-in counter; a withdrawal needs only the access token,
 * so its failures have their own counter and lock withdrawals, never the owner's sign-in.
 */
export type CodePurpose = 'account_change' | 'withdrawal';

/** The per-account failure counter a code check uses. */
interface CodeAttempts {
  assertAllowed(): Promise<void>;
  recordFailure(): Promise<void>;
}

/** 2FA rules: setup → verify (enable, recovery codes) → disable; and the second-factor check at sign-in. */
@Injectable()
export class TwoFactorService {
  constructor(
    private readonly repository: TwoFactorRepository,
    private readonly totp: TotpService,
    private readonly users: UsersService,
    private readonly limits: AuthRateLimitService,
  ) {}

  async isEnabled(userId: string): Promise<boolean> {
    return (await this.repository.state(userId))?.enabled ?? false;
  }

  remainingRecoveryCodes(userId: string): Promise<number> {
    return this.repository.remainingRecoveryCodes(userId);
  }

  async setup(userId: string): Promise<TwoFactorSetupResponse> {
    const state = await this.requireState(userId);
    if (state.enabled)
      throw AppError.conflict(AUTH_ERROR_CODES.twoFactorAlreadyEnabled, AUTH_MESSAGES.twoFactorAlreadyEnabled);
    const user = await this.users.getById(userId);
    const secret = this.totp.newSecret();
    await this.repository.setPending(userId, this.totp.encrypt(secret));
    const otpauthUrl = this.totp.otpauthUrl(secret, user.email ?? user.username);
    return { secret, otpauth_url: otpauthUrl, qr_code: await this.totp.qrCodeDataUrl(otpauthUrl) };
  }

  /** Confirms the pending secret with a current code, turns 2FA on and returns fresh recovery codes (shown once). */
  async enable(userId: string, code: string): Promise<TwoFactorEnabledResponse> {
    const state = await this.requireState(userId);
    if (state.enabled)
      throw AppError.conflict(AUTH_ERROR_CODES.twoFactorAlreadyEnabled, AUTH_MESSAGES.twoFactorAlreadyEnabled);
    if (!state.pendingSecretEncrypted) {
      throw AppError.badRequest(AUTH_ERROR_CODES.twoFactorSetupMissing, AUTH_MESSAGES.twoFactorSetupMissing);
    }
    await this.limits.assertTwoFactorAllowed(userId);
    const check = await this.totp.check(this.totp.decrypt(state.pendingSecretEncrypted), code, null);
    if (!check.valid) {
      await this.limits.recordTwoFactorFailure(userId, null);
      throw AppError.badRequest(AUTH_ERROR_CODES.twoFactorInvalid, AUTH_MESSAGES.twoFactorInvalid);
    }
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    const enabled = await this.repository.enable(
      userId,
      state.pendingSecretEncrypted,
      check.timeStep,
      codes.map((recoveryCode) => sha256Hex(normalizeRecoveryCode(recoveryCode))),
    );
    if (!enabled)
      throw AppError.conflict(AUTH_ERROR_CODES.twoFactorAlreadyEnabled, AUTH_MESSAGES.twoFactorAlreadyEnabled);
    return { success: true, message: AUTH_MESSAGES.twoFactorEnabled, recovery_codes: codes };
  }

  /** Needs a current code (or a recovery code). */
  async disable(userId: string, token: string): Promise<MessageResponse> {
    const state = await this.requireState(userId);
    if (!state.enabled)
      throw AppError.badRequest(AUTH_ERROR_CODES.twoFactorNotEnabled, AUTH_MESSAGES.twoFactorNotEnabled);
    const factor: SecondFactor = /^\d{6}$/.test(token) ? { totp_code: token } : { recovery_code: token };
    if (!(await this.verifySecondFactor(userId, factor, this.signInAttempts(userId, null)))) {
      throw AppError.badRequest(AUTH_ERROR_CODES.twoFactorInvalid, AUTH_MESSAGES.twoFactorInvalid);
    }
    await this.repository.disable(userId);
    return { success: true, message: AUTH_MESSAGES.twoFactorDisabled };
  }

  /**
   * The second step of a sign-in for an account with 2FA on: 401 TWO_FACTOR_REQUIRED without a code,
   * 401 TWO_FACTOR_INVALID with a wrong, replayed or spent one, 429 after too many wrong codes.
   */
  async assertSecondFactor(userId: string, factor: SecondFactor, ip: string | null): Promise<void> {
    if (!factor.totp_code && !factor.recovery_code) {
      throw new AppError(401, AUTH_ERROR_CODES.twoFactorRequired, AUTH_MESSAGES.twoFactorRequired);
    }
    if (!(await this.verifySecondFactor(userId, factor, this.signInAttempts(userId, ip)))) {
      throw new AppError(401, AUTH_ERROR_CODES.twoFactorInvalid, AUTH_MESSAGES.twoFactorInvalid);
    }
  }

  /**
   * A current authenticator code (not a recovery code) for an account change or a withdrawal: spent once, so a code
   * seen at sign-in cannot be replayed; a wrong one counts towards the purpose's per-account limit (then 429).
   */
  async verifyCurrentCode(
    userId: string,
    code: string | undefined,
    purpose: CodePurpose,
    ip: string | null,
  ): Promise<boolean> {
    const attempts = purpose === 'withdrawal' ? this.withdrawalAttempts(userId, ip) : this.signInAttempts(userId, ip);
    if (!code || !/^\d{6}$/.test(code)) {
      if (code) {
        await attempts.assertAllowed();
        await attempts.recordFailure();
      }
      return false;
    }
    return this.verifySecondFactor(userId, { totp_code: code }, attempts);
  }

  /** Checks (and spends) a TOTP code or a recovery code; failures count in `attempts`. */
  private async verifySecondFactor(userId: string, factor: SecondFactor, attempts: CodeAttempts): Promise<boolean> {
    await attempts.assertAllowed();
    const state = await this.requireState(userId);
    let ok = false;
    if (state.enabled && state.secretEncrypted && factor.totp_code) {
      const check = await this.totp.check(
        this.totp.decrypt(state.secretEncrypted),
        factor.totp_code,
        state.lastUsedStep,
      );
      ok = check.valid && (await this.repository.claimStep(userId, check.timeStep));
    } else if (state.enabled && factor.recovery_code) {
      ok = await this.repository.useRecoveryCode(userId, sha256Hex(normalizeRecoveryCode(factor.recovery_code)));
    }
    if (!ok) await attempts.recordFailure();
    return ok;
  }

  private signInAttempts(userId: string, ip: string | null): CodeAttempts {
    return {
      assertAllowed: () => this.limits.assertTwoFactorAllowed(userId),
      recordFailure: () => this.limits.recordTwoFactorFailure(userId, ip),
    };
  }

  private withdrawalAttempts(userId: string, ip: string | null): CodeAttempts {
    return {
      assertAllowed: () => this.limits.assertWithdrawalCodeAllowed(userId),
      recordFailure: () => this.limits.recordWithdrawalCodeFailure(userId, ip),
    };
  }

  private async requireState(userId: string) {
    const state = await this.repository.state(userId);
    if (!state) throw AppError.notFound();
    return state;
  }
}
