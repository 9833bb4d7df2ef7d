import { CreateGames1763840000000 } from './1763840000000-CreateGames';
import { CreateUsers1763845000000 } from './1763845000000-CreateUsers';
import { CreateAuthSessions1763850000000 } from './1763850000000-CreateAuthSessions';
import { CreateAuthEmailTokens1763850100000 } from './1763850100000-CreateAuthEmailTokens';
import { AddUserTwoFactor1763850200000 } from './1763850200000-AddUserTwoFactor';
import { CreateOAuthTables1763850300000 } from './1763850300000-CreateOAuthTables';
import { CreateAuthRateLimits1763850400000 } from './1763850400000-CreateAuthRateLimits';
import { CreateUserSelfReportedXp1763850500000 } from './1763850500000-CreateUserSelfReportedXp';
import { CreateLedger1763860000001 } from './1763860000001-CreateLedger';
import { CreateWalletPayments1763860000002 } from './1763860000002-CreateWalletPayments';
import { CreateRoomsAndMatches1763870000000 } from './1763870000000-CreateRoomsAndMatches';
import { CreateLeaderboardStatsAndNotifications1763880000000 } from './1763880000000-CreateLeaderboardStatsAndNotifications';
import { AddLeaderboardRankCounters1763890000000 } from './1763890000000-AddLeaderboardRankCounters';
import { DeferWalletPaymentLedgerKeys1763895000000 } from './1763895000000-DeferWalletPaymentLedgerKeys';
import { AddXpGrants1763900000000 } from './1763900000000-AddXpGrants';
import { AddResponsibleGaming1764000000000 } from './1764000000000-AddResponsibleGaming';
import { AddPendingEmailChange1764100000000 } from './1764100000000-AddPendingEmailChange';
import { AddRoomPasswordAttempts1764350000000 } from './1764350000000-AddRoomPasswordAttempts';
import { AddOperatorConsole1764200000000 } from './1764200000000-AddOperatorConsole';
import { AddFlagsAndDisputes1764300000000 } from './1764300000000-AddFlagsAndDisputes';
import { CreatePlayerRatings1764400000000 } from './1764400000000-CreatePlayerRatings';
import { AddDisputeAward1764500000000 } from './1764500000000-AddDisputeAward';
import { CreateMatchmakingEntries1764600000000 } from './1764600000000-CreateMatchmakingEntries';
import { AddNotificationDedupeKey1765040000000 } from './1765040000000-AddNotificationDedupeKey';
import { CreateKyc1765050000000 } from './1765050000000-CreateKyc';
import { CreateTournaments1765060000000 } from './1765060000000-CreateTournaments';
import { CreateTournamentAttemptRounds1765070000000 } from './1765070000000-CreateTournamentAttemptRounds';
import { AddTournamentStandings1765070100000 } from './1765070100000-AddTournamentStandings';
import { CreatePlayerGameEvidence1765090000000 } from './1765090000000-CreatePlayerGameEvidence';
import { ShardHotHouseAccounts1765110000000 } from './1765110000000-ShardHotHouseAccounts';
import { AddLocationMismatchFlags1765080000000 } from './1765080000000-AddLocationMismatchFlags';
import { AddKycSourceOfFunds1765080000001 } from './1765080000001-AddKycSourceOfFunds';
import { AddMatchmakingEntryDevice1764700000000 } from './1764700000000-AddMatchmakingEntryDevice';
import { AddFairPlayReviews1764800000000 } from './1764800000000-AddFairPlayReviews';
import { AddSessionDeviceId1764900000000 } from './1764900000000-AddSessionDeviceId';
import { AddStaffDecisionApprovals1765010000000 } from './1765010000000-AddStaffDecisionApprovals';
import { AddWithdrawalRollingTotal1765020000000 } from './1765020000000-AddWithdrawalRollingTotal';
import { AddServerIssuedDeviceIds1765030000000 } from './1765030000000-AddServerIssuedDeviceIds';

/**
 * Every migration, in timestamp order. Listed explicitly because the server is bundled (no globbing at run time).
 * Committed migrations are never rewritten: add a new one instead.
 */
export const MIGRATIONS = [
  CreateGames1763840000000,
  CreateUsers1763845000000,
  CreateAuthSessions1763850000000,
  CreateAuthEmailTokens1763850100000,
  AddUserTwoFactor1763850200000,
  CreateOAuthTables1763850300000,
  CreateAuthRateLimits1763850400000,
  CreateUserSelfReportedXp1763850500000,
  CreateLedger1763860000001,
  CreateWalletPayments1763860000002,
  CreateRoomsAndMatches1763870000000,
  CreateLeaderboardStatsAndNotifications1763880000000,
  AddLeaderboardRankCounters1763890000000,
  DeferWalletPaymentLedgerKeys1763895000000,
  AddXpGrants1763900000000,
  AddResponsibleGaming1764000000000,
  AddPendingEmailChange1764100000000,
  AddOperatorConsole1764200000000,
  AddFlagsAndDisputes1764300000000,
  AddRoomPasswordAttempts1764350000000,
  CreatePlayerRatings1764400000000,
  AddDisputeAward1764500000000,
  CreateMatchmakingEntries1764600000000,
  AddMatchmakingEntryDevice1764700000000,
  AddFairPlayReviews1764800000000,
  AddSessionDeviceId1764900000000,
  AddStaffDecisionApprovals1765010000000,
  AddWithdrawalRollingTotal1765020000000,
  AddServerIssuedDeviceIds1765030000000,
  AddNotificationDedupeKey1765040000000,
  CreateKyc1765050000000,
  CreateTournaments1765060000000,
  CreateTournamentAttemptRounds1765070000000,
  AddTournamentStandings1765070100000,
  AddLocationMismatchFlags1765080000000,
  AddKycSourceOfFunds1765080000001,
  CreatePlayerGameEvidence1765090000000,
  ShardHotHouseAccounts1765110000000,
];
