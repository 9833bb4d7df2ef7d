import type { SocialProvider } from '@skillduel/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One social sign-in attempt, kept server side for a few minutes (state by hash, PKCE verifier, nonce). */
@Entity({ name: 'oauth_states' })
export class OAuthStateEntity {
  @PrimaryColumn({ name: 'state_hash', type: 'char', length: 64 })
  stateHash!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: SocialProvider;

  @Column({ type: 'varchar', length: 8 })
  mode!: 'signin' | 'link';

  @Column({ name: 'link_user_id', type: 'uuid', nullable: true })
  linkUserId!: string | null;

  @Column({ name: 'code_verifier', type: 'varchar', length: 128 })
  codeVerifier!: string;

  @Column({ type: 'varchar', length: 128 })
  nonce!: string;

  @Column({ name: 'redirect_uri', type: 'varchar', length: 2048 })
  redirectUri!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  /** Set by the callback that exchanges the code; a second exchange of the same state is refused. */
  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt!: Date | null;

  /** The account signed in by this attempt, waiting for its 2FA code. */
  @Column({ name: 'pending_user_id', type: 'uuid', nullable: true })
  pendingUserId!: string | null;

  /** SHA-256 of the authorization code that was exchanged (a 2FA retry must present the same code). */
  @Column({ name: 'code_hash', type: 'char', length: 64, nullable: true })
  codeHash!: string | null;
}
