import { Column, Entity, PrimaryColumn } from 'typeorm';

export type EmailTokenPurpose = 'verify_email' | 'reset_password' | 'change_email';

/** A single-use, expiring token sent by email, by SHA-256 hash. */
@Entity({ name: 'auth_email_tokens' })
export class EmailTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  purpose!: EmailTokenPurpose;

  /** The address the token was mailed to. */
  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;
}
