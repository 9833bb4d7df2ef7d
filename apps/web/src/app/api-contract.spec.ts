import type {
  DepositRequestDto,
  LoginRequestDto,
  RegisterRequestDto,
  UpdateLimitsDto,
  WithdrawRequestDto,
} from '@skillduel/contracts';
import type { adminApi } from '../features/admin/adminApi';
import type { adminKycApi } from '../features/admin/adminKycApi';
import type { authApi } from '../features/auth/authApi';
import type { configApi } from '../features/config/configApi';
import type { disputesApi } from '../features/disputes/disputesApi';
import type { gamesApi } from '../features/games/gamesApi';
import type { kycApi } from '../features/kyc/kycApi';
import type { leaderboardApi } from '../features/leaderboard/leaderboardApi';
import type { matchmakingApi } from '../features/matchmaking/matchmakingApi';
import type { notificationsApi } from '../features/notifications/notificationsApi';
import type { profileStatsApi } from '../features/profile/profileStatsApi';
import type { ratingsApi } from '../features/profile/ratingsApi';
import type { rgApi } from '../features/responsible-gaming/rgApi';
import type { roomsApi } from '../features/rooms/roomsApi';
import type { currentUserApi } from '../features/session/currentUserApi';
import type { walletApi } from '../features/wallet/walletApi';
import type { paths } from '../test/openapi-schema.generated';

/**
 * The API document (/api/docs-json) against the web app's own calls, at compile time: the types openapi-typescript
 * generates from the document (tools/openapi/lint.mjs keeps them current) must be exactly the answer types the RTK
 * Query endpoints declare, and the request bodies the web sends must fit the documented ones. A contract changed on
 * one side only fails `nx run web:typecheck`; the test below only makes jest load this file.
 */

type Method = 'get' | 'post' | 'put' | 'delete';
type JsonOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : never;
/** The documented JSON answer of an operation for one status. */
type Answer<P extends keyof paths, M extends Method, S extends number = 200> = paths[P][M] extends {
  responses: infer Responses;
}
  ? S extends keyof Responses
    ? JsonOf<Responses[S]>
    : never
  : never;
/** The documented JSON request body of an operation. */
type RequestBody<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer Body }
  ? JsonOf<NonNullable<Body>>
  : never;
/** What an RTK Query endpoint of the web app says it receives. */
type Result<Endpoint> = Endpoint extends { Types: { ResultType: infer R } } ? R : never;

/** A type that says nothing (a missing operation or status gives `never`, an undescribed body `unknown`). */
type Vacuous<T> = [T] extends [never] ? true : unknown extends T ? true : false;
/** `true` only when each type is assignable to the other (the same shape for every value), neither vacuous. */
type Same<A, B> =
  Vacuous<A> extends true
    ? false
    : Vacuous<B> extends true
      ? false
      : [A] extends [B]
        ? [B] extends [A]
          ? true
          : false
        : false;
/** `true` when a value of the first type is accepted as the second (a documented, non-vacuous body). */
type Fits<A, B> = Vacuous<B> extends true ? false : [A] extends [B] ? true : false;

type Admin = typeof adminApi.endpoints;
type Auth = typeof authApi.endpoints;
type Rooms = typeof roomsApi.endpoints;
type Wallet = typeof walletApi.endpoints;

/** Each entry fails to compile (`true` is not `false`) when the document and the web disagree. */
const agreements: Record<string, true> = {
  // auth
  login: true satisfies Same<Answer<'/api/auth/login', 'post'>, Result<Auth['login']>>,
  register: true satisfies Same<Answer<'/api/auth/register', 'post', 201>, Result<Auth['register']>>,
  sessions: true satisfies Same<Answer<'/api/auth/sessions', 'get'>, Result<Auth['getSessions']>>,
  security: true satisfies Same<Answer<'/api/auth/security', 'get'>, Result<Auth['getSecurityOverview']>>,
  twoFactor: true satisfies Same<Answer<'/api/auth/setup-2fa', 'post'>, Result<Auth['setupTwoFactor']>>,
  oauth: true satisfies Same<Answer<'/api/auth/oauth/callback', 'post'>, Result<Auth['oauthCallback']>>,
  loginBody: true satisfies Fits<LoginRequestDto, RequestBody<'/api/auth/login', 'post'>>,
  registerBody: true satisfies Fits<RegisterRequestDto, RequestBody<'/api/auth/register', 'post'>>,
  // profile and player figures
  me: true satisfies Same<Answer<'/api/users/me', 'get'>, Result<(typeof currentUserApi.endpoints)['getCurrentUser']>>,
  statistics: true satisfies Same<
    Answer<'/api/users/me/statistics', 'get'>,
    Result<(typeof profileStatsApi.endpoints)['getMyStatistics']>
  >,
  matches: true satisfies Same<
    Answer<'/api/users/me/matches', 'get'>,
    Result<(typeof profileStatsApi.endpoints)['getMyMatches']>
  >,
  ratings: true satisfies Same<
    Answer<'/api/users/{id}/ratings', 'get'>,
    Result<(typeof ratingsApi.endpoints)['getUserRatings']>
  >,
  // wallet
  deposit: true satisfies Same<Answer<'/api/transactions/deposit', 'post', 201>, Result<Wallet['deposit']>>,
  withdraw: true satisfies Same<Answer<'/api/transactions/withdraw', 'post', 202>, Result<Wallet['withdraw']>>,
  transactions: true satisfies Same<Answer<'/api/transactions', 'get'>, Result<Wallet['getRecentTransactions']>>,
  depositBody: true satisfies Fits<DepositRequestDto, RequestBody<'/api/transactions/deposit', 'post'>>,
  withdrawBody: true satisfies Fits<WithdrawRequestDto, RequestBody<'/api/transactions/withdraw', 'post'>>,
  // rooms, matchmaking, games, config
  rooms: true satisfies Same<Answer<'/api/rooms', 'get'>, Result<Rooms['getRooms']>>,
  createRoom: true satisfies Same<Answer<'/api/rooms', 'post', 201>, Result<Rooms['createRoom']>>,
  featured: true satisfies Same<Answer<'/api/rooms/featured', 'get'>, Result<Rooms['getFeaturedRoom']>>,
  roomView: true satisfies Same<Answer<'/api/rooms/{id}', 'get'>, Result<Rooms['getRoomView']>>,
  quickMatch: true satisfies Same<Answer<'/api/rooms/quick-match', 'post', 201>, Result<Rooms['quickMatch']>>,
  queue: true satisfies Same<
    Answer<'/api/matchmaking/queue', 'get'>,
    Result<(typeof matchmakingApi.endpoints)['getMatchmakingEntry']>
  >,
  figures: true satisfies Same<
    Answer<'/api/matchmaking/figures', 'get'>,
    Result<(typeof matchmakingApi.endpoints)['getLobbyFigures']>
  >,
  games: true satisfies Same<Answer<'/api/games', 'get'>, Result<(typeof gamesApi.endpoints)['getGames']>>,
  config: true satisfies Same<Answer<'/api/config', 'get'>, Result<(typeof configApi.endpoints)['getConfig']>>,
  disputes: true satisfies Same<
    Answer<'/api/rooms/{roomId}/rounds/{round}/disputes', 'get'>,
    Result<(typeof disputesApi.endpoints)['getMyDisputes']>
  >,
  // leaderboard, notifications, player protection
  leaderboard: true satisfies Same<
    Answer<'/api/users/leaderboard', 'get'>,
    Result<(typeof leaderboardApi.endpoints)['getLeaderboard']>
  >,
  notifications: true satisfies Same<
    Answer<'/api/notifications', 'get'>,
    Result<(typeof notificationsApi.endpoints)['getNotifications']>
  >,
  limits: true satisfies Same<Answer<'/api/users/me/limits', 'get'>, Result<(typeof rgApi.endpoints)['getLimits']>>,
  limitsBody: true satisfies Fits<UpdateLimitsDto, RequestBody<'/api/users/me/limits', 'put'>>,
  // admin
  staff: true satisfies Same<Answer<'/api/admin/me', 'get'>, Result<Admin['getStaffMe']>>,
  adminUsers: true satisfies Same<Answer<'/api/admin/users', 'get'>, Result<Admin['searchUsers']>>,
  adminUser: true satisfies Same<Answer<'/api/admin/users/{id}', 'get'>, Result<Admin['getAdminUser']>>,
  freeze: true satisfies Same<Answer<'/api/admin/users/{id}/freeze', 'post'>, Result<Admin['freezeUser']>>,
  withdrawals: true satisfies Same<Answer<'/api/admin/withdrawals', 'get'>, Result<Admin['getHeldWithdrawals']>>,
  flags: true satisfies Same<Answer<'/api/admin/flags', 'get'>, Result<Admin['getFlags']>>,
  dispute: true satisfies Same<Answer<'/api/admin/disputes/{id}', 'get'>, Result<Admin['getDispute']>>,
  reviews: true satisfies Same<Answer<'/api/admin/reviews', 'get'>, Result<Admin['getReviews']>>,
  audit: true satisfies Same<Answer<'/api/admin/audit', 'get'>, Result<Admin['getAudit']>>,
  kycQueue: true satisfies Same<Answer<'/api/admin/kyc', 'get'>, Result<(typeof adminKycApi.endpoints)['getKycQueue']>>,
  kycDecision: true satisfies Same<
    Answer<'/api/admin/kyc/{userId}/identity', 'post'>,
    Result<(typeof adminKycApi.endpoints)['decideKyc']>
  >,
  // identity verification
  kyc: true satisfies Same<Answer<'/api/kyc', 'get'>, Result<(typeof kycApi.endpoints)['getKycStatus']>>,
  kycInquiry: true satisfies Same<
    Answer<'/api/kyc/inquiries', 'post', 201>,
    Result<(typeof kycApi.endpoints)['startKycInquiry']>
  >,
};

describe('API document and the web app (checked by the type-checker)', () => {
  it('compiles: every listed endpoint agrees with the document', () => {
    expect(Object.values(agreements).every(Boolean)).toBe(true);
  });
});
