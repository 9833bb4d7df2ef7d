import { GameEntity } from '../games/entities/game.entity';
import { UserEntity } from '../users/entities/user.entity';

export const ENTITIES = [GameEntity, UserEntity];
