import { Injectable } from '@nestjs/common';
import { AUTH_ERROR_CODES, AUTH_MESSAGES } from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import type { UserEntity } from '../users/entities/user.entity';
import type { AccountOwnerProof } from '../users/users.service';
import { PasswordHasher } from './password-hasher';
import { AuthRateLimitService } from './rate-limit/rate-limit.service';
import { TwoFactorService } from './two-factor/two-factor.service';

/**
 * Sensitive account changes (email, password, 2FA on/off) need a fresh proof of the account owner, not just an access
 * token that may have been stolen (docs/decisions/1001): the current password, and a current authenticator code when
 * 2FA is on. Wrong passwords count towards the per-account password limit, wrong codes towards the 2FA limit.
 */
@Injectable()
export class ReauthenticationService {
  constructor(
    private readonly hasher: PasswordHasher,
    private readonly limits: AuthRateLimitService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** The current password (400 with a field error when missing or wrong; 429 after too many wrong ones). */
  async assertPassword(user: UserEntity, currentPassword: string | undefined): Promise<void> {
    if (!user.passwordHash) {
      throw AppError.badRequest(AUTH_ERROR_CODES.noPassword, AUTH_MESSAGES.noPasswordSet, {
        current_password: [AUTH_MESSAGES.noPasswordSet],
      });
    }
    if (!currentPassword) {
      throw AppError.badRequest(AUTH_ERROR_CODES.currentPasswordRequired, AUTH_MESSAGES.currentPasswordRequired, {
        current_password: [AUTH_MESSAGES.currentPasswordRequired],
      });
    }
    await this.limits.assertPasswordCheckAllowed(user.id);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.limits.recordPasswordCheckFailure(user.id);
      throw AppError.badRequest(AUTH_ERROR_CODES.wrongPassword, AUTH_MESSAGES.wrongCurrentPassword, {
        current_password: [AUTH_MESSAGES.wrongCurrentPassword],
      });
    }
  }

  /** The password, then (2FA on) a current code: 403 TWO_FACTOR_REQUIRED when it is missing or wrong. */
  async assertAccountOwner(user: UserEntity, proof: AccountOwnerProof): Promise<void> {
    await this.assertPassword(user, proof.current_password);
    if (!(await this.twoFactor.isEnabled(user.id))) return;
    // The password is proven already: wrong codes here count with sign-in's (decision 0102).
    if (!(await this.twoFactor.verifyCurrentCode(user.id, proof.two_factor_code, 'account_change', null))) {
      throw new AppError(403, AUTH_ERROR_CODES.twoFactorRequired, AUTH_MESSAGES.twoFactorCodeForChange);
    }
  }
}
