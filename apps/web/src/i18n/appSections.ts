import { dashboardEn, dashboardEs } from '../features/dashboard/i18n';
import { leaderboardEn, leaderboardEs } from '../features/leaderboard/i18n';
import { notificationsEn, notificationsEs } from '../features/notifications/i18n';
import { profileEn, profileEs } from '../features/profile/i18n';
import { walletEn, walletEs } from '../features/wallet/i18n';
import { gameRoomEn, gameRoomEs } from '../features/game-room/i18n';
import { liveRoomEn, liveRoomEs } from '../features/live-room/i18n';
import { fairnessEn, fairnessEs } from '../features/fairness/i18n';
import { rgEn, rgEs } from '../features/responsible-gaming/i18n';
import { disputesEn, disputesEs } from '../features/disputes/i18n';
import { roomsEn, roomsEs } from '../features/rooms/i18n';
import { matchmakingEn, matchmakingEs } from '../features/matchmaking/i18n';
import { kycEn, kycEs } from '../features/kyc/i18n';
import { tournamentsEn, tournamentsEs } from '../features/tournaments/i18n';
import type { TranslationResource } from './en';

/*
 * The translations of the signed-in app's features, in both languages. The landing page does not use them, so they
 * are a chunk of their own, loaded with every other screen (loadAppTranslations in ./index.ts; decision 1301).
 * A feature whose texts the landing page needs belongs in en.ts / es.ts instead.
 */

export const appSectionsEn = {
  dashboard: dashboardEn,
  leaderboard: leaderboardEn,
  notifications: notificationsEn,
  profile: profileEn,
  wallet: walletEn,
  gameRoom: gameRoomEn,
  liveRoom: liveRoomEn,
  fairness: fairnessEn,
  rg: rgEn,
  disputes: disputesEn,
  rooms: roomsEn,
  matchmaking: matchmakingEn,
  kyc: kycEn,
  tournaments: tournamentsEn,
};

export type AppSection = keyof typeof appSectionsEn;

export const appSectionsEs: Pick<TranslationResource, AppSection> = {
  dashboard: dashboardEs,
  leaderboard: leaderboardEs,
  notifications: notificationsEs,
  profile: profileEs,
  wallet: walletEs,
  gameRoom: gameRoomEs,
  liveRoom: liveRoomEs,
  fairness: fairnessEs,
  rg: rgEs,
  disputes: disputesEs,
  rooms: roomsEs,
  matchmaking: matchmakingEs,
  kyc: kycEs,
  tournaments: tournamentsEs,
};
