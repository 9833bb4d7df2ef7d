/** The operator console (docs/decisions/1601-operator-console.md): roles, answers and messages of /api/admin/*. */

export const USER_ROLES = ['player', 'support', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Support reads and handles queues; admin also changes roles and money policies. */
export const STAFF_ROLES: readonly UserRole[] = ['support', 'admin'];

export const ADMIN_ERROR_CODES = {
  accountFrozen: 'ACCOUNT_FROZEN',
  notStaff: 'FORBIDDEN',
  reviewDecided: 'REVIEW_ALREADY_DECIDED',
  notFrozen: 'NOT_FROZEN',
  alreadyFrozen: 'ALREADY_FROZEN',
  /** The decision concerns the staff member's own account, a round they played, or an account linked to theirs. */
  conflictOfInterest: 'CONFLICT_OF_INTEREST',
  /** Support may not act on an admin's account or money; another admin must. */
  adminTarget: 'ADMIN_TARGET',
  /** The same staff member asked again for a decision that waits for a second, different staff member. */
  awaitingSecondApproval: 'AWAITING_SECOND_APPROVAL',
} as const;

export const ADMIN_MESSAGES = {
  accountFrozen:
    'Your account is frozen while our team reviews it. You can still sign in and see your history. Please contact support.',
  reasonRequired: 'Please give a reason (3 to 500 characters)',
  roleInvalid: 'Please choose player, support or admin',
  reviewDecided: 'This withdrawal has already been decided',
  notHeld: 'This withdrawal is not waiting for review',
  alreadyFrozen: 'This account is already frozen',
  notFrozen: 'This account is not frozen',
  conflictOfInterest:
    'Conflict of interest: this concerns your own account, a round you played, or an account that shares a device or network with yours. Another staff member must decide it.',
  adminTarget: 'Only an admin can act on an admin account',
  staffFrozen: 'Your staff account is frozen: the console is closed to it until another staff member lifts the freeze',
  awaitingSecondApproval: 'You proposed this decision: it is awaiting second approval by another staff member',
  awaitingSecondApprovalLabel: 'Awaiting second approval by another staff member',
  withdrawalRejected: (reason: string) => `Your withdrawal was rejected by our review team: ${reason}`,
} as const;

/** GET /api/admin/me: who the console is for (any signed-in user may ask; players get role 'player'). */
export interface StaffMeDto {
  user_id: string;
  username: string;
  role: UserRole;
}

export interface AdminUserSummaryDto {
  id: string;
  username: string;
  email: string | null;
  role: UserRole;
  frozen: boolean;
  balance: number;
  created_at: string;
}

export interface AdminUserDetailDto extends AdminUserSummaryDto {
  frozen_at: string | null;
  frozen_reason: string | null;
  credentials_changed_at: string | null;
  sessions: {
    id: string;
    auth_method: string;
    ip: string | null;
    created_at: string;
    last_used_at: string;
    revoked_at: string | null;
  }[];
  ledger: { transaction_id: string; kind: string; amount: number; room_id: string | null; created_at: string }[];
  matches: {
    room_id: string;
    round: number;
    game_id: string;
    status: string;
    outcome: string | null;
    bet: number;
    started_at: string;
  }[];
  withdrawals: AdminWithdrawalDto[];
  eligibility: { status: string; country: string | null; date_of_birth: string | null } | null;
  exclusion: { kind: string; ends_at: string | null } | null;
}

/**
 * A money decision above FOUR_EYES_ABOVE dollars recorded by a first staff member and waiting for a second, different
 * one to confirm it (docs/decisions/2310-separation-of-duties.md). Nothing has moved yet.
 */
export interface PendingApprovalDto {
  /** The proposed decision, e.g. 'approve' (withdrawal), 'void' (dispute), 'release' (fair-play review). */
  decision: string;
  proposed_by: string;
  proposed_by_username: string;
  note: string;
  amount: number;
  proposed_at: string;
}

/** Whatever decides a queue item answers it with this field: null when nothing waits for a second approval. */
export interface WithPendingApproval {
  pending_approval: PendingApprovalDto | null;
}

export interface AdminWithdrawalDto extends WithPendingApproval {
  id: string;
  user_id: string;
  username: string;
  amount: number;
  payment_method: string;
  status: string;
  review_state: 'held' | 'approved' | 'rejected' | null;
  review_reason: string | null;
  /**
   * Dollars: this withdrawal plus the user's other withdrawals of the WITHDRAWAL_REVIEW_WINDOW_HOURS before it that
   * were not failed or rejected, as the review rule saw it when the withdrawal was requested; null for withdrawals
   * older than the rule.
   */
  rolling_24h_total: number | null;
  created_at: string;
}

/**
 * A withdrawal is held for review when it takes the user's withdrawals of this many hours (failed and rejected ones
 * aside) above WITHDRAWAL_REVIEW_THRESHOLD, so many small withdrawals are reviewed like one large one.
 */
export const WITHDRAWAL_REVIEW_WINDOW_HOURS = 24;

export interface AdminAuditEntryDto {
  id: string;
  actor_id: string | null;
  actor_username: string | null;
  action: string;
  target_type: string;
  target_id: string;
  reason: string | null;
  before: unknown;
  after: unknown;
  created_at: string;
}

// ── Fair-play flags and disputes (docs/decisions/1602-flags-and-disputes.md) ────────────────────────────────────

export const FLAG_RESOLUTIONS = ['dismiss', 'warn', 'freeze'] as const;
export type FlagResolution = (typeof FLAG_RESOLUTIONS)[number];
/** uphold: the result stands; void: both back to before the match; award_other: the result reversed. */
export const DISPUTE_DECISIONS = ['uphold', 'void', 'award_other'] as const;
export type DisputeDecision = (typeof DISPUTE_DECISIONS)[number];

/** A player may dispute a finished round for this long after it ended. */
export const DISPUTE_WINDOW_HOURS = 72;

export const DISPUTE_ERROR_CODES = {
  notPlayer: 'NOT_A_PLAYER',
  notDisputable: 'NOT_DISPUTABLE',
  windowClosed: 'DISPUTE_WINDOW_CLOSED',
  alreadyDisputed: 'ALREADY_DISPUTED',
  decided: 'DISPUTE_ALREADY_DECIDED',
  flagResolved: 'FLAG_ALREADY_RESOLVED',
} as const;

export const DISPUTE_MESSAGES = {
  reasonRequired: 'Please tell us what went wrong (10 to 1000 characters)',
  notPlayer: 'Only the players of this match can dispute it',
  notDisputable: 'Only a finished match can be disputed',
  windowClosed: `A match can be disputed within ${DISPUTE_WINDOW_HOURS} hours of its end`,
  alreadyDisputed: 'You have already disputed this match',
  decided: 'This dispute has already been decided',
  flagResolved: 'This flag has already been resolved',
  decisionInvalid: 'Please choose uphold, void or award_other',
  noWinnerToReverse: 'Only a won match can be awarded to the other player',
  resolutionInvalid: 'Please choose dismiss, warn or freeze',
} as const;

/** A player's own dispute of a round (GET/POST /api/rooms/{id}/rounds/{n}/disputes). */
export interface DisputeDto {
  id: string;
  room_id: string;
  round: number;
  status: 'open' | 'upheld' | 'voided' | 'awarded';
  reason: string;
  decision_note: string | null;
  created_at: string;
  decided_at: string | null;
}

export interface AdminFlagDto {
  id: string;
  user_id: string;
  username: string;
  match_id: string | null;
  room_id: string | null;
  round: number | null;
  kind: string;
  evidence: unknown;
  status: 'open' | 'dismissed' | 'warned' | 'frozen';
  resolution_note: string | null;
  created_at: string;
}

/** A dispute in the console's queue (GET /api/admin/disputes). */
export interface AdminDisputeSummaryDto extends DisputeDto, WithPendingApproval {
  user_id: string;
  username: string;
  match_id: string;
}

export interface AdminDisputeDto extends DisputeDto, WithPendingApproval {
  user_id: string;
  username: string;
  match_id: string;
  game_id: string;
  outcome: string | null;
  bet: number;
  /** The round's ledger transactions (stakes, payout or refunds, any reversal), for support to see beside the replay. */
  ledger: { transaction_id: string; kind: string; user_id: string | null; amount: number; created_at: string }[];
}
