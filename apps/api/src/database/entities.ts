import { AuthSessionEntity } from '../auth/entities/auth-session.entity';
import { EmailTokenEntity } from '../auth/entities/email-token.entity';
import { OAuthIdentityEntity } from '../auth/entities/oauth-identity.entity';
import { OAuthStateEntity } from '../auth/entities/oauth-state.entity';
import { RecoveryCodeEntity } from '../auth/entities/recovery-code.entity';
import { RefreshTokenEntity } from '../auth/entities/refresh-token.entity';
import { GameEntity } from '../games/entities/game.entity';
import { UserEntity } from '../users/entities/user.entity';

export const ENTITIES = [
  GameEntity,
  UserEntity,
  AuthSessionEntity,
  RefreshTokenEntity,
  EmailTokenEntity,
  RecoveryCodeEntity,
  OAuthIdentityEntity,
  OAuthStateEntity,
];
