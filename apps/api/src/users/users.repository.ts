import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { rankForLevel, type LevelProgress } from '@skillduel/contracts';
import { UserEntity } from './entities/user.entity';
import { returningRows } from '../database/returning';
import { insertNotifications } from '../notifications/notifications.sql';

/** A unique index refused the write: which field collided. */
export class UniqueFieldViolation extends Error {
  constructor(readonly field: 'username' | 'email') {
    super(`${field} already in use`);
  }
}

const UNIQUE_FIELD_BY_CONSTRAINT: Record<string, 'username' | 'email'> = {
  UQ_users_username_lower: 'username',
  UQ_users_email_lower: 'email',
};

function asUniqueViolation(error: unknown): UniqueFieldViolation | null {
  if (!(error instanceof QueryFailedError)) return null;
  const driverError = error.driverError as { code?: string; constraint?: string };
  if (driverError.code !== '23505' || !driverError.constraint) return null;
  const field = UNIQUE_FIELD_BY_CONSTRAINT[driverError.constraint];
  return field ? new UniqueFieldViolation(field) : null;
}

export interface NewUser {
  username: string;
  email: string | null;
  passwordHash: string | null;
  emailVerified: boolean;
  /** https URL of a picture (social sign-up). */
  avatar?: string | null;
}

export interface ProfileChanges {
  username?: string;
  email?: string;
  country?: string | null;
}

/** SQL for the users table (identity, profile, progression). Emails are stored lower-cased. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<UserEntity | null> {
    return manager.getRepository(UserEntity).findOne({ where: { id } });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.dataSource
      .getRepository(UserEntity)
      .createQueryBuilder('u')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  async isUsernameTaken(username: string, exceptUserId?: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM users WHERE lower(username) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
      [username, exceptUserId ?? null],
    );
    return rows.length > 0;
  }

  async isEmailTaken(email: string, exceptUserId?: string): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `SELECT 1 FROM users WHERE lower(email) = lower($1) AND ($2::uuid IS NULL OR id <> $2::uuid) LIMIT 1`,
      [email, exceptUserId ?? null],
    );
    return rows.length > 0;
  }

  /** Inserts a user; a username/email collision (also a concurrent one) throws UniqueFieldViolation. */
  async create(user: NewUser, manager: EntityManager = this.dataSource.manager): Promise<UserEntity> {
    try {
      const rows: Array<{ id: string }> = await manager.query(
        `INSERT INTO users (username, email, password_hash, email_verified_at, avatar)
         VALUES ($1, $2, $3, CASE WHEN $4::boolean THEN now() END, $5) RETURNING id`,
        [user.username, user.email?.toLowerCase() ?? null, user.passwordHash, user.emailVerified, user.avatar ?? null],
      );
      const created = await this.findById(rows[0].id, manager);
      if (!created) throw new Error('Inserted user not found');
      return created;
    } catch (error) {
      throw asUniqueViolation(error) ?? error;
    }
  }

  /** Applies profile changes; a new email is unverified until confirmed. Collisions throw UniqueFieldViolation. */
  async updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
    const sets: string[] = [];
    const values: unknown[] = [userId];
    if (changes.username !== undefined) {
      values.push(changes.username);
      sets.push(`username = $${values.length}`);
    }
    if (changes.email !== undefined) {
      values.push(changes.email.toLowerCase());
      sets.push(`email = $${values.length}`);
      // Only an actual change of address drops the verification.
      sets.push(`email_verified_at = CASE WHEN lower(email) = $${values.length}::varchar THEN email_verified_at END`);
    }
    if (changes.country !== undefined) {
      values.push(changes.country);
      sets.push(`country = $${values.length}`);
    }
    if (sets.length === 0) return;
    try {
      await this.dataSource.query(`UPDATE users SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, values);
    } catch (error) {
      throw asUniqueViolation(error) ?? error;
    }
  }

  async setPasswordHash(
    userId: string,
    passwordHash: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(`UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1`, [
      userId,
      passwordHash,
    ]);
  }

  /** Records the address a user asked to change to (it takes effect once confirmed: applyPendingEmail). */
  async setPendingEmail(
    userId: string,
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.query(`UPDATE users SET pending_email = $2, updated_at = now() WHERE id = $1`, [
      userId,
      email.toLowerCase(),
    ]);
  }

  /**
   * Makes the pending address the account's (verified) email, if `email` is still the pending one; false otherwise.
   * Returns the address it replaced. A collision with another account's email throws UniqueFieldViolation.
   */
  async applyPendingEmail(
    userId: string,
    email: string,
    manager: EntityManager,
  ): Promise<{ previousEmail: string | null } | null> {
    try {
      const rows = await returningRows<{ previous_email: string | null }>(
        manager,
        `UPDATE users u SET email = u.pending_email, pending_email = NULL, email_verified_at = now(), updated_at = now()
           FROM (SELECT id, email AS previous_email FROM users WHERE id = $1 FOR UPDATE) old
          WHERE u.id = old.id AND lower(u.pending_email) = lower($2)
          RETURNING old.previous_email`,
        [userId, email],
      );
      return rows.length === 1 ? { previousEmail: rows[0].previous_email } : null;
    } catch (error) {
      throw asUniqueViolation(error) ?? error;
    }
  }

  /** Marks the email verified if it is still `email`; false when the address changed since the mail was sent. */
  async markEmailVerified(
    userId: string,
    email: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const rows = await returningRows<unknown>(
      manager,
      `UPDATE users SET email_verified_at = COALESCE(email_verified_at, now()), updated_at = now()
        WHERE id = $1 AND lower(email) = lower($2) RETURNING id`,
      [userId, email],
    );
    return rows.length === 1;
  }

  async setOnline(userId: string, isOnline: boolean): Promise<void> {
    await this.dataSource.query(`UPDATE users SET is_online = $2, last_seen_at = now() WHERE id = $1`, [
      userId,
      isOnline,
    ]);
  }

  /**
   * Adds XP under a row lock so concurrent grants never lose points. `grantFor(alreadyToday)` decides how much
   * of the request is granted given what was self-reported today (UTC); `apply` turns it into the new progress.
   */
  async addXp(
    userId: string,
    options: {
      selfReported: boolean;
      /** Grants at most once per user and source (e.g. "match:<id>"): a repeated call grants nothing. */
      source?: string;
      grantFor: (selfReportedToday: number) => number;
      apply: (progress: LevelProgress, grantedXp: number) => LevelProgress;
    },
  ): Promise<{ granted: number; before: LevelProgress; after: LevelProgress }> {
    return this.dataSource.transaction(async (manager) => {
      const users: Array<{ level: number; xp: number }> = await manager.query(
        `SELECT level, xp FROM users WHERE id = $1 FOR UPDATE`,
        [userId],
      );
      if (users.length === 0) throw new Error(`User ${userId} not found`);
      const before = { level: users[0].level, xp: users[0].xp };
      let alreadyToday = 0;
      if (options.selfReported) {
        const today: Array<{ xp: number }> = await manager.query(
          `INSERT INTO user_self_reported_xp (user_id, day) VALUES ($1, (now() AT TIME ZONE 'UTC')::date)
           ON CONFLICT (user_id, day) DO UPDATE SET xp = user_self_reported_xp.xp
           RETURNING xp`,
          [userId],
        );
        alreadyToday = today[0].xp;
      }
      const granted = Math.max(0, options.grantFor(alreadyToday));
      if (granted === 0) return { granted, before, after: before };
      if (options.source !== undefined) {
        // Under the user's row lock, so a concurrent grant from the same source waits here and then finds this one.
        const recorded: unknown[] = await manager.query(
          `INSERT INTO xp_grants (user_id, source, xp) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id`,
          [userId, options.source, granted],
        );
        if (recorded.length === 0) return { granted: 0, before, after: before };
      }
      const after = options.apply(before, granted);
      await manager.query(`UPDATE users SET level = $2, xp = $3, updated_at = now() WHERE id = $1`, [
        userId,
        after.level,
        after.xp,
      ]);
      if (after.level > before.level) {
        // Level-ups notify (docs/product/leaderboard.md#notifications), written with the XP itself so neither exists
        // without the other.
        await insertNotifications(manager, [
          {
            userId,
            type: 'level',
            title: 'Level up!',
            message: `You reached level ${after.level} (${rankForLevel(after.level)}).`,
          },
        ]);
      }
      if (options.selfReported) {
        await manager.query(
          `UPDATE user_self_reported_xp SET xp = xp + $2 WHERE user_id = $1 AND day = (now() AT TIME ZONE 'UTC')::date`,
          [userId, granted],
        );
      }
      return { granted, before, after };
    });
  }
}
