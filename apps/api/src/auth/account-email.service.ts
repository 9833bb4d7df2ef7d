import { Injectable, OnModuleInit } from '@nestjs/common';
import { AUTH_ERROR_CODES, AUTH_MESSAGES, MessageResponse } from '@skillduel/contracts';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { UserEntity } from '../users/entities/user.entity';
import { UsersRepository } from '../users/users.repository';
import { UsersService } from '../users/users.service';
import type { AuthUser } from './current-user.decorator';
import { EmailTokensRepository } from './email-tokens.repository';
import { passwordChangedMail, passwordResetMail, verificationMail } from './mail/mail-templates';
import { MailService } from './mail/mail.service';
import { PasswordHasher } from './password-hasher';
import { AuthRateLimitService } from './rate-limit/rate-limit.service';
import { randomToken, sha256Hex } from './secrets';
import { SessionsService } from './sessions.service';

function invalidToken(): AppError {
  return AppError.badRequest(AUTH_ERROR_CODES.invalidToken, AUTH_MESSAGES.invalidOrExpiredToken);
}

/**
 * Email verification, forgot/reset password and change password. Tokens are random, single-use, expiring and
 * stored hashed. Answers about an email address never reveal whether an account uses it.
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
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.users.onEmailChanged((user) => this.sendVerification(user));
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

  async verifyEmail(token: string): Promise<MessageResponse> {
    await this.dataSource.transaction(async (manager) => {
      const spent = await this.tokens.consume(sha256Hex(token), 'verify_email', manager);
      // A link mailed to an address the account no longer uses verifies nothing.
      if (!spent || !(await this.passwords.markEmailVerified(spent.userId, spent.email, manager))) throw invalidToken();
    });
    return { success: true, message: AUTH_MESSAGES.emailVerified };
  }

  async forgotPassword(email: string): Promise<MessageResponse> {
    const address = email.trim().toLowerCase();
    await this.limits.consumeMail('reset_password', address);
    const user = await this.users.findByEmail(address);
    if (user?.email) {
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

  /** Needs the current password; ends every other session (the current one stays signed in). */
  async changePassword(caller: AuthUser, currentPassword: string, newPassword: string): Promise<MessageResponse> {
    const user = await this.users.getById(caller.userId);
    if (!user.passwordHash) throw AppError.badRequest(AUTH_ERROR_CODES.noPassword, AUTH_MESSAGES.noPasswordSet);
    await this.limits.assertPasswordCheckAllowed(user.id);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.limits.recordPasswordCheckFailure(user.id);
      throw AppError.badRequest(AUTH_ERROR_CODES.wrongPassword, AUTH_MESSAGES.wrongCurrentPassword, {
        current_password: [AUTH_MESSAGES.wrongCurrentPassword],
      });
    }
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
