import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { returningRows } from '../../database/returning';

export interface TwoFactorState {
  enabled: boolean;
  secretEncrypted: string | null;
  lastUsedStep: number | null;
  pendingSecretEncrypted: string | null;
}

/** SQL for the TOTP columns of users and the recovery codes. */
@Injectable()
export class TwoFactorRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async state(userId: string): Promise<TwoFactorState | null> {
    const rows: Array<{
      totp_enabled_at: Date | null;
      totp_secret_encrypted: string | null;
      totp_last_used_step: number | null;
      totp_pending_secret_encrypted: string | null;
    }> = await this.dataSource.query(
      `SELECT totp_enabled_at, totp_secret_encrypted, totp_last_used_step, totp_pending_secret_encrypted
         FROM users WHERE id = $1`,
      [userId],
    );
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      enabled: row.totp_enabled_at !== null,
      secretEncrypted: row.totp_secret_encrypted,
      lastUsedStep: row.totp_last_used_step,
      pendingSecretEncrypted: row.totp_pending_secret_encrypted,
    };
  }

  /** Stores the secret handed out by setup-2fa (replacing an earlier unconfirmed one). */
  async setPending(userId: string, secretEncrypted: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE users SET totp_pending_secret_encrypted = $2, totp_pending_created_at = now(), updated_at = now()
        WHERE id = $1 AND totp_enabled_at IS NULL`,
      [userId, secretEncrypted],
    );
  }

  /**
   * Turns 2FA on with the pending secret that was just verified (unless it changed meanwhile) and replaces the
   * recovery codes. False when a concurrent setup/enable got there first.
   */
  async enable(
    userId: string,
    pendingSecretEncrypted: string,
    usedStep: number,
    recoveryCodeHashes: string[],
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await returningRows<unknown>(
        manager,
        `UPDATE users SET totp_secret_encrypted = totp_pending_secret_encrypted, totp_enabled_at = now(),
                totp_last_used_step = $3, totp_pending_secret_encrypted = NULL, totp_pending_created_at = NULL,
                updated_at = now()
          WHERE id = $1 AND totp_enabled_at IS NULL AND totp_pending_secret_encrypted = $2
          RETURNING id`,
        [userId, pendingSecretEncrypted, usedStep],
      );
      if (rows.length === 0) return false;
      await manager.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [userId]);
      await manager.query(`INSERT INTO auth_recovery_codes (user_id, code_hash) SELECT $1, unnest($2::char(64)[])`, [
        userId,
        recoveryCodeHashes,
      ]);
      return true;
    });
  }

  async disable(userId: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `UPDATE users SET totp_secret_encrypted = NULL, totp_enabled_at = NULL, totp_last_used_step = NULL,
                totp_pending_secret_encrypted = NULL, totp_pending_created_at = NULL, updated_at = now()
          WHERE id = $1`,
        [userId],
      );
      await manager.query(`DELETE FROM auth_recovery_codes WHERE user_id = $1`, [userId]);
    });
  }

  /**
   * Records `step` as the last used one, only if it is newer than the stored one: of two concurrent logins with
   * the same code only one passes.
   */
  async claimStep(userId: string, step: number): Promise<boolean> {
    const rows = await returningRows<unknown>(
      this.dataSource,
      `UPDATE users SET totp_last_used_step = $2
        WHERE id = $1 AND totp_enabled_at IS NOT NULL AND (totp_last_used_step IS NULL OR totp_last_used_step < $2)
        RETURNING id`,
      [userId, step],
    );
    return rows.length === 1;
  }

  /** Spends a recovery code; false when it is unknown or already used. */
  async useRecoveryCode(userId: string, codeHash: string): Promise<boolean> {
    const rows = await returningRows<unknown>(
      this.dataSource,
      `UPDATE auth_recovery_codes SET used_at = now()
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING id`,
      [userId, codeHash],
    );
    return rows.length === 1;
  }

  async remainingRecoveryCodes(userId: string): Promise<number> {
    const rows: Array<{ n: number }> = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM auth_recovery_codes WHERE user_id = $1 AND used_at IS NULL`,
      [userId],
    );
    return rows[0].n;
  }
}
