import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * A registered player. Balances are NOT stored here: they live in the ledger (wallet accounts).
 * Username and email are unique ignoring case (unique indexes on lower()).
 */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  username!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  /** argon2id PHC string; null for accounts that only sign in through a social provider. */
  @Column({ name: 'password_hash', type: 'varchar', length: 255, nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'email_verified_at', type: 'timestamptz', nullable: true })
  emailVerifiedAt!: Date | null;

  /** A requested new address, waiting for its confirmation link (`email` stays until then; decision 1001). */
  @Column({ name: 'pending_email', type: 'varchar', length: 254, nullable: true })
  pendingEmail!: string | null;

  /** ISO 3166-1 alpha-2, upper case. */
  @Column({ type: 'char', length: 2, nullable: true })
  country!: string | null;

  @Column({ type: 'varchar', length: 500, nullable: true })
  avatar!: string | null;

  @Column({ type: 'integer', default: 1 })
  level!: number;

  @Column({ type: 'integer', default: 0 })
  xp!: number;

  @Column({ name: 'can_play', type: 'boolean', default: true })
  canPlay!: boolean;

  @Column({ name: 'can_bet', type: 'boolean', default: true })
  canBet!: boolean;

  @Column({ name: 'can_deposit', type: 'boolean', default: true })
  canDeposit!: boolean;

  @Column({ name: 'can_withdraw', type: 'boolean', default: true })
  canWithdraw!: boolean;

  @Column({ name: 'is_online', type: 'boolean', default: false })
  isOnline!: boolean;

  @Column({ name: 'last_seen_at', type: 'timestamptz', nullable: true })
  lastSeenAt!: Date | null;

  /** TOTP secret (AES-256-GCM, see auth/two-factor/totp.service.ts); set while 2FA is on. Never selected by default. */
  @Column({ name: 'totp_secret_encrypted', type: 'text', nullable: true, select: false })
  totpSecretEncrypted!: string | null;

  @Column({ name: 'totp_enabled_at', type: 'timestamptz', nullable: true })
  totpEnabledAt!: Date | null;

  /** Last accepted TOTP time step: a code (or an older one) is never accepted twice. */
  @Column({ name: 'totp_last_used_step', type: 'integer', nullable: true, select: false })
  totpLastUsedStep!: number | null;

  /** Secret handed out by setup-2fa, waiting for verify-2fa. */
  @Column({ name: 'totp_pending_secret_encrypted', type: 'text', nullable: true, select: false })
  totpPendingSecretEncrypted!: string | null;

  @Column({ name: 'totp_pending_created_at', type: 'timestamptz', nullable: true, select: false })
  totpPendingCreatedAt!: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
