import { Injectable } from '@nestjs/common';
import {
  applyXp,
  AUTH_ERROR_CODES,
  AUTH_MESSAGES,
  AddXpResponse,
  centsToDollars,
  GUEST_USERNAME_PREFIX,
  rankForLevel,
  SELF_REPORTED_XP_LIMITS,
  UpdateProfileDto,
  UserDto,
  xpToNextLevel,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { UserEntity } from './entities/user.entity';
import { UserFinancials } from './user-financials.port';
import { NewUser, UniqueFieldViolation, UsersRepository } from './users.repository';

/** What proves the account owner is at the keyboard (docs/decisions/1001). */
export interface AccountOwnerProof {
  current_password?: string;
  two_factor_code?: string;
}

/**
 * The auth module's email change: re-authentication first (nothing changes if it fails), then the request (the new
 * address gets a confirmation link, the old one a notice; `email` stays until the link is used).
 */
export interface EmailChangeFlow {
  authorize(user: UserEntity, newEmail: string, proof: AccountOwnerProof): Promise<void>;
  request(user: UserEntity, newEmail: string): Promise<void>;
}

/** Profile and progression rules, and the one place a user answer (docs/product/accounts.md#user-answer) is built. */
@Injectable()
export class UsersService {
  private emailChanges?: EmailChangeFlow;

  constructor(
    private readonly users: UsersRepository,
    private readonly financials: UserFinancials,
  ) {}

  /** The auth module registers its email change flow here (users cannot depend on auth: auth depends on users). */
  useEmailChangeFlow(flow: EmailChangeFlow): void {
    this.emailChanges = flow;
  }

  findById(userId: string): Promise<UserEntity | null> {
    return this.users.findById(userId);
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.findByEmail(email);
  }

  async getById(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.notFound();
    return user;
  }

  /**
   * Usernames starting with the guest prefix would pass for a guest session
   * (docs/product/app-and-api.md#guest-sessions).
   */
  assertUsernameAllowed(username: string): void {
    if (username.toLowerCase().startsWith(GUEST_USERNAME_PREFIX.toLowerCase())) {
      throw AppError.badRequest(AUTH_ERROR_CODES.usernameReserved, AUTH_MESSAGES.usernameReserved, {
        username: [AUTH_MESSAGES.usernameReserved],
      });
    }
  }

  /** Creates a user; username/email collisions answer 409 with the field's message. */
  async create(user: NewUser): Promise<UserEntity> {
    this.assertUsernameAllowed(user.username);
    try {
      return await this.users.create(user);
    } catch (error) {
      throw toConflict(error);
    }
  }

  async me(userId: string): Promise<UserDto> {
    return this.toDto(await this.getById(userId));
  }

  async updateProfile(userId: string, changes: UpdateProfileDto): Promise<UserDto> {
    const current = await this.getById(userId);
    const username =
      changes.username !== undefined && changes.username !== current.username ? changes.username : undefined;
    const email =
      changes.email !== undefined && changes.email.toLowerCase() !== (current.email ?? '').toLowerCase()
        ? changes.email.toLowerCase()
        : undefined;
    if (username !== undefined) this.assertUsernameAllowed(username);
    if (username !== undefined && (await this.users.isUsernameTaken(username, userId))) {
      throw conflictFor('username');
    }
    if (email !== undefined && (await this.users.isEmailTaken(email, userId))) {
      throw conflictFor('email');
    }
    const emailChanges = this.emailChanges;
    if (email !== undefined) {
      if (!emailChanges) throw new Error('No email change flow registered (AuthModule)');
      // A stolen access token alone must not move the account to another mailbox: prove ownership first.
      await emailChanges.authorize(current, email, {
        current_password: changes.current_password,
        two_factor_code: changes.two_factor_code,
      });
    }
    try {
      await this.users.updateProfile(userId, { username, country: changes.country });
    } catch (error) {
      throw toConflict(error);
    }
    const updated = await this.getById(userId);
    // The address itself changes only when the new mailbox confirms it (AccountEmailService.verifyEmail).
    if (email !== undefined && emailChanges) await emailChanges.request(updated, email);
    return this.toDto(updated);
  }

  async setOnline(userId: string, isOnline: boolean): Promise<void> {
    await this.users.setOnline(userId, isOnline);
  }

  /**
   * Self-reported XP from the browser (POST /users/me/add-xp/): at most SELF_REPORTED_XP_LIMITS.perCall per call
   * and .perDay per UTC day are granted; the rest is silently dropped (real XP comes from server-decided matches).
   */
  async addSelfReportedXp(userId: string, requestedXp: number): Promise<AddXpResponse> {
    const result = await this.users.addXp(userId, {
      selfReported: true,
      grantFor: (alreadyToday) =>
        Math.min(
          requestedXp,
          SELF_REPORTED_XP_LIMITS.perCall,
          Math.max(0, SELF_REPORTED_XP_LIMITS.perDay - alreadyToday),
        ),
      apply: (progress, granted) => applyXp(progress, granted),
    });
    return {
      success: true,
      xp_added: result.granted,
      level: result.after.level,
      xp: result.after.xp,
      xpToNext: xpToNextLevel(result.after.level),
      rank: rankForLevel(result.after.level),
      leveled_up: result.after.level > result.before.level,
    };
  }

  /**
   * Server-decided XP (match results): no cap, granted once per user and `source` ("match:<id>"); `granted` is 0 when
   * that source was already granted. For the matches module.
   */
  async awardXp(
    userId: string,
    xp: number,
    source: string,
  ): Promise<{ granted: number; level: number; xp: number; leveledUp: boolean }> {
    const result = await this.users.addXp(userId, {
      selfReported: false,
      source,
      grantFor: () => xp,
      apply: (progress, granted) => applyXp(progress, granted),
    });
    return {
      granted: result.granted,
      level: result.after.level,
      xp: result.after.xp,
      leveledUp: result.after.level > result.before.level,
    };
  }

  /**
   * The user answer (docs/product/accounts.md#user-answer) for a registered user; money from the UserFinancials port,
   * in dollars.
   */
  async toDto(user: UserEntity): Promise<UserDto> {
    const summary = await this.financials.summaryFor(user.id);
    const balance = centsToDollars(summary.balanceCents);
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      level: user.level,
      xp: user.xp,
      xpToNext: xpToNextLevel(user.level),
      rank: rankForLevel(user.level),
      country: user.country,
      avatar: user.avatar,
      joinDate: user.createdAt.toISOString(),
      current_balance: balance,
      balance,
      stats: {
        total_wins: summary.totalWins,
        total_earnings: centsToDollars(summary.totalEarningsCents),
        total_deposited: centsToDollars(summary.totalDepositedCents),
        total_withdrawn: centsToDollars(summary.totalWithdrawnCents),
      },
      isGuest: false,
      canPlay: user.canPlay,
      canBet: user.canBet,
      canWithdraw: user.canWithdraw,
      canDeposit: user.canDeposit,
      spectatorMode: false,
    };
  }
}

function conflictFor(field: 'username' | 'email'): AppError {
  return field === 'username'
    ? new AppError(409, AUTH_ERROR_CODES.usernameTaken, AUTH_MESSAGES.usernameTaken, {
        username: [AUTH_MESSAGES.usernameTaken],
      })
    : new AppError(409, AUTH_ERROR_CODES.emailTaken, AUTH_MESSAGES.emailTaken, { email: [AUTH_MESSAGES.emailTaken] });
}

function toConflict(error: unknown): unknown {
  return error instanceof UniqueFieldViolation ? conflictFor(error.field) : error;
}
