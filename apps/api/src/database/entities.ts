import { GameEntity } from '../games/entities/game.entity';

export const ENTITIES = [GameEntity];
