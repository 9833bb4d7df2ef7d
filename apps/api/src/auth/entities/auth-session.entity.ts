import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * One sign-in on one device (docs/product/accounts.md#sessions). Revoking it ends its refresh token and access tokens
 * at once.
 */
@Entity({ name: 'auth_sessions' })
export class AuthSessionEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  /** 'password' or 'oauth:{provider}'. */
  @Column({ name: 'auth_method', type: 'varchar', length: 32 })
  authMethod!: string;

  @Column({ name: 'user_agent', type: 'varchar', length: 512, nullable: true })
  userAgent!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz' })
  lastUsedAt!: Date;

  /** Slides forward with every refresh (the refresh token's own expiry). */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'revoked_reason', type: 'varchar', length: 32, nullable: true })
  revokedReason!: string | null;
}
