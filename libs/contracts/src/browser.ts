// The browser's entry (apps/web maps '@skillduel/contracts' here): constants, messages, response types and pure
// helpers. The DTO modules decorate classes with class-validator / class-transformer, which would pull both
// libraries into the bundle, so only their types are exported (docs/decisions/1301).
export * from './lib/constants';
export * from './lib/messages';
export * from './lib/money';
export * from './lib/api-types';
export * from './lib/web-additions';
export * from './lib/progression';
export * from './lib/auth-types';
export * from './lib/wallet-types';
export * from './lib/amount-rules';
export * from './lib/game-room-messages';
export * from './lib/rooms-types';
export * from './lib/realtime';
export * from './lib/chat-text';
export * from './lib/leaderboard-types';
export * from './lib/notifications-types';
export * from './lib/player-stats-types';
export * from './lib/responsible-gaming';
export * from './lib/admin';
export * from './lib/fair-play';
export * from './lib/glicko2';
export * from './lib/ratings-types';
export * from './lib/matchmaking';
export * from './lib/device-id';
export * from './lib/lobby-figures';
export * from './lib/kyc';
export type * from './lib/dto/validators';
export type * from './lib/dto/auth.dto';
export type * from './lib/dto/users.dto';
export type * from './lib/dto/wallet.dto';
export type * from './lib/dto/rooms.dto';
export type * from './lib/dto/leaderboard.dto';
export type * from './lib/dto/player-stats.dto';
export type * from './lib/dto/responsible-gaming.dto';
export type * from './lib/dto/admin.dto';
export type * from './lib/dto/matchmaking.dto';
export type * from './lib/dto/kyc.dto';
