import { Injectable, OnModuleInit } from '@nestjs/common';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MessageResponse } from '@skillduel/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { UserEntity } from '../users/entities/user.entity';
import { UniqueFieldViolation, UsersRepository } from '../users/users.repository';
import { AccountOwnerProof, UsersService } from '../users/users.service';
import type { AuthUser } from './current-user.decorator';
import { EmailTokensRepository } from './email-tokens.repository';
import {
  emailChangeConfirmMail,
  emailChangedMail,
  emailChangeRequestedMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from './mail/mail-templates';
import { MailService } from './mail/mail.service';
import { PasswordHasher } from './password-hasher';
import { AuthRateLimitService } from './rate-limit/rate-limit.service';
import { ReauthenticationService } from './reauthentication.service';
import { randomToken, sha256Hex } from './secrets';
import { SessionsService } from './sessions.service';

function invalidToken(): AppError {
  return AppError.badRequest(AUTH_ERROR_CODES.invalidToken, AUTH_MESSAGES.invalidOrExpiredToken);
}

/**
 * Email verification, email change, forgot/reset password and change password. Tokens are random, single-use,
 * expiring and stored hashed. Answers about an email address never reveal whether an account uses it. Changing the
 * email or the password needs re-authentication; a new email takes effect only once its mailbox confirms it, and a
 * reset link only ever goes to a verified address (docs/decisions/1001).
 */
@Injectable()
export class AccountEmailService implements OnModuleInit {
  constructor(
    private readonly config: AppConfig,
    private readonly users: UsersService,
    private readonly passwords: UsersRepository,
    private readonly tokens: EmailTokensRepository,
    private readonly mail: MailService,
    private readonly hasher: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly limits: AuthRateLimitService,
    private readonly reauth: ReauthenticationService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.users.useEmailChangeFlow({
      authorize: (user, newEmail, proof) => this.authorizeEmailChange(user, newEmail, proof),
      request: (user, newEmail) => this.requestEmailChange(user, newEmail),
    });
  }

  /** Re-authentication, and the per-address mail allowance of the new address (a request mails it). */
  private async authorizeEmailChange(user: UserEntity, newEmail: string, proof: AccountOwnerProof): Promise<void> {
    await this.reauth.assertAccountOwner(user, proof);
    await this.limits.consumeMail('verify_email', newEmail);
  }

  /**
   * Records the new address as pending, mails it a confirmation link (earlier change links stop working) and tells
   * the current address, so the owner hears of a change before it can take effect.
   */
  private async requestEmailChange(user: UserEntity, newEmail: string): Promise<void> {
    const address = newEmail.toLowerCase();
    await this.passwords.setPendingEmail(user.id, address);
    const token = randomToken();
    const ttlHours = this.config.EMAIL_VERIFICATION_TTL_HOURS;
    await this.tokens.issue(user.id, 'change_email', address, sha256Hex(token), ttlHours * 3600);
    const url = `${this.config.APP_BASE_URL}/verify-email?token=${encodeURIComponent(token)}`;
    this.mail.queue(emailChangeConfirmMail(address, user.username, url, ttlHours));
    if (user.email) this.mail.queue(emailChangeRequestedMail(user.email, user.username, address));
  }

  /** Mails a fresh verification link to the user's current address (earlier links stop working). */
  async sendVerification(user: UserEntity): Promise<void> {
    if (!user.email || user.emailVerifiedAt) return;
    const token = randomToken();
    const ttlHours = this.config.EMAIL_VERIFICATION_TTL_HOURS;
    await this.tokens.issue(user.id, 'verify_email', user.email, sha256Hex(token), ttlHours * 3600);
    const url = `${this.config.APP_BASE_URL}/verify-email?token=${encodeURIComponent(token)}`;
    this.mail.queue(verificationMail(user.email, user.username, url, ttlHours));
  }

  async resendVerification(email: string): Promise<MessageResponse> {
    const address = email.trim().toLowerCase();
    await this.limits.consumeMail('verify_email', address);
    const user = await this.users.findByEmail(address);
    if (user) await this.sendVerification(user);
    return { success: true, message: AUTH_MESSAGES.verificationSent };
  }

  /** A verification link proves the current address; an email-change link makes its address the account's. */
  async verifyEmail(token: string): Promise<MessageResponse> {
    const tokenHash = sha256Hex(token);
    const changed = await this.dataSource.transaction(async (manager) => {
      const spent = await this.tokens.consume(tokenHash, 'verify_email', manager);
      if (spent) {
        // A link mailed to an address the account no longer uses verifies nothing.
        if (!(await this.passwords.markEmailVerified(spent.userId, spent.email, manager))) throw invalidToken();
        return null;
      }
      const change = await this.tokens.consume(tokenHash, 'change_email', manager);
      if (!change) throw invalidToken();
      let applied: { previousEmail: string | null } | null;
      try {
        applied = await this.passwords.applyPendingEmail(change.userId, change.email, manager);
      } catch (error) {
        if (error instanceof UniqueFieldViolation) {
          throw AppError.conflict(AUTH_ERROR_CODES.emailTaken, AUTH_MESSAGES.emailTaken);
        }
        throw error;
      }
      // Superseded by a later request (or cancelled): this link changes nothing.
      if (!applied) throw invalidToken();
      // Every link mailed before the change (verification, password reset, other change requests) stops working.
      for (const purpose of ['verify_email', 'reset_password', 'change_email'] as const) {
        await this.tokens.retireAll(change.userId, purpose, manager);
      }
      return { userId: change.userId, previousEmail: applied.previousEmail, newEmail: change.email };
    });
    if (changed) {
      const user = await this.users.getById(changed.userId);
      if (changed.previousEmail)
        this.mail.queue(emailChangedMail(changed.previousEmail, user.username, changed.newEmail));
      return { success: true, message: AUTH_MESSAGES.emailChanged };
    }
    return { success: true, message: AUTH_MESSAGES.emailVerified };
  }

  async forgotPassword(email: string): Promise<MessageResponse> {
    const address = email.trim().toLowerCase();
    await this.limits.consumeMail('reset_password', address);
    const user = await this.users.findByEmail(address);
    // Only a verified address gets a reset link: an unconfirmed one may not belong to the account owner.
    if (user?.email && user.emailVerifiedAt) {
      const token = randomToken();
      const ttlMinutes = this.config.PASSWORD_RESET_TTL_MINUTES;
      await this.tokens.issue(user.id, 'reset_password', user.email, sha256Hex(token), ttlMinutes * 60);
      const url = `${this.config.APP_BASE_URL}/reset-password?token=${encodeURIComponent(token)}`;
      this.mail.queue(passwordResetMail(user.email, user.username, url, ttlMinutes));
    }
    return { success: true, message: AUTH_MESSAGES.resetLinkSent };
  }

  /** Sets the new password, ends every session and spends all reset links; proves the mailbox too. */
  async resetPassword(token: string, password: string): Promise<MessageResponse> {
    const passwordHash = await this.hasher.hash(password);
    const userId = await this.dataSource.transaction(async (manager) => {
      const spent = await this.tokens.consume(sha256Hex(token), 'reset_password', manager);
      if (!spent) throw invalidToken();
      await this.passwords.setPasswordHash(spent.userId, passwordHash, manager);
      await this.passwords.markEmailVerified(spent.userId, spent.email, manager);
      await this.tokens.retireAll(spent.userId, 'reset_password', manager);
      await this.sessions.revokeAll(spent.userId, 'password_reset', manager);
      return spent.userId;
    });
    this.sessions.announceRevoked(userId);
    return { success: true, message: AUTH_MESSAGES.passwordReset };
  }

  /**
   * Needs the current password (and a current 2FA code when 2FA is on); ends every other session (the current one
   * stays signed in).
   */
  async changePassword(caller: AuthUser, proof: AccountOwnerProof, newPassword: string): Promise<MessageResponse> {
    const user = await this.users.getById(caller.userId);
    await this.reauth.assertAccountOwner(user, proof);
    const passwordHash = await this.hasher.hash(newPassword);
    await this.dataSource.transaction(async (manager) => {
      await this.passwords.setPasswordHash(user.id, passwordHash, manager);
      await this.tokens.retireAll(user.id, 'reset_password', manager);
      await this.sessions.revokeAllExcept(user.id, caller.sessionId, 'password_changed', manager);
    });
    this.sessions.announceRevoked(user.id);
    if (user.email) this.mail.queue(passwordChangedMail(user.email, user.username));
    return { success: true, message: AUTH_MESSAGES.passwordChanged };
  }
}
