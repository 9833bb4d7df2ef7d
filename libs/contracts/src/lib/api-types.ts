import type { FeatureFlag, GameCategory, GameDifficulty, GameId } from './constants';

/** A catalogue game (docs/product/games.md#catalogue) as returned by GET /api/games/. Money fields are dollars. */
export interface GameDto {
  id: GameId | string;
  name: string;
  icon: string;
  description: string;
  category: GameCategory;
  difficulty: GameDifficulty;
  players_online: number;
  /** Average game time in seconds. */
  avg_game_time: number;
  min_bet: number;
  max_bet: number;
  default_bet: number;
  featured: boolean;
}

/**
 * Body of every error answer: `detail` carries the human message the client shows
 * (docs/product/app-and-api.md#error-bodies).
 */
export interface ErrorBody {
  statusCode: number;
  detail: string;
  message: string;
  /** Machine-readable code, e.g. VALIDATION_FAILED. */
  code: string;
  /** Per-field messages for validation failures. */
  errors?: Record<string, string[]>;
  /** The figures of the message, so a client can say it in its own language (e.g. a limit and what is left). */
  params?: Record<string, string | number>;
  requestId?: string;
}

/** GET /api/config: public feature flags and limits (docs/product/operations.md#feature-flags). */
export interface PublicConfigDto {
  features: Record<FeatureFlag, boolean>;
  limits: {
    deposit_min: number;
    deposit_max: number;
    withdrawal_min: number;
    room_max_players: number;
    request_timeout_ms: number;
    chat_message_max_length: number;
  };
  payment_methods: string[];
  oauth_providers: string[];
  /** Where a player writes when only a person can help (a refused date of birth, a frozen account). */
  support_email: string;
}

export interface HealthDto {
  status: 'ok' | 'error';
  database: 'up' | 'down';
  uptime_seconds: number;
}
