import { CreateGames1763840000000 } from './1763840000000-CreateGames';
import { CreateUsers1763845000000 } from './1763845000000-CreateUsers';

/**
 * Every migration, in timestamp order. Listed explicitly because the server is bundled (no globbing at run time).
 * Committed migrations are never rewritten: add a new one instead.
 */
export const MIGRATIONS = [CreateGames1763840000000, CreateUsers1763845000000];
