import type { SocialProvider } from '@skillduel/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A social account linked to a user, keyed on (provider, subject); the email is informational only. */
@Entity({ name: 'oauth_identities' })
export class OAuthIdentityEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'varchar', length: 16 })
  provider!: SocialProvider;

  /** The provider's stable `sub` claim. */
  @Column({ type: 'varchar', length: 255 })
  subject!: string;

  @Column({ type: 'varchar', length: 254, nullable: true })
  email!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'last_login_at', type: 'timestamptz', nullable: true })
  lastLoginAt!: Date | null;
}
