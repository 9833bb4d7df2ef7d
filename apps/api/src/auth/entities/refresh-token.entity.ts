import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A refresh token of a session, by SHA-256 hash. Spent (rotated_at set) by the refresh that replaced it. */
@Entity({ name: 'auth_refresh_tokens' })
export class RefreshTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 })
  tokenHash!: string;

  @Column({ name: 'session_id', type: 'uuid' })
  sessionId!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'rotated_at', type: 'timestamptz', nullable: true })
  rotatedAt!: Date | null;
}
