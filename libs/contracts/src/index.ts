// The server's entry: everything, DTO classes (class-validator) included. The web app resolves
// '@skillduel/contracts' to ./browser.ts instead; a module added here that the browser needs goes there too
// (browser.spec.ts checks the two lists agree; docs/decisions/1301).
export * from './lib/constants';
export * from './lib/messages';
export * from './lib/money';
export * from './lib/api-types';
export * from './lib/web-additions';
export * from './lib/progression';
export * from './lib/auth-types';
export * from './lib/dto/validators';
export * from './lib/dto/auth.dto';
export * from './lib/dto/users.dto';
export * from './lib/wallet-types';
export * from './lib/amount-rules';
export * from './lib/dto/wallet.dto';
export * from './lib/game-room-messages';
export * from './lib/rooms-types';
export * from './lib/realtime';
export * from './lib/chat-text';
export * from './lib/dto/rooms.dto';
export * from './lib/leaderboard-types';
export * from './lib/dto/leaderboard.dto';
export * from './lib/notifications-types';
export * from './lib/player-stats-types';
export * from './lib/dto/player-stats.dto';
export * from './lib/responsible-gaming';
export * from './lib/dto/responsible-gaming.dto';
export * from './lib/admin';
export * from './lib/fair-play';
export * from './lib/dto/admin.dto';
export * from './lib/glicko2';
export * from './lib/ratings-types';
export * from './lib/matchmaking';
export * from './lib/device-id';
export * from './lib/lobby-figures';
export * from './lib/dto/matchmaking.dto';
export * from './lib/kyc';
