import type { WithPendingApproval } from './admin';

// ── Fair-play review of held payouts (docs/product/fair-play.md, docs/decisions/1802-fair-play-signals.md) ──────

/** held: the pot waits in escrow; released: paid as decided; voided: both stakes refunded. */
export const FAIR_PLAY_REVIEW_STATUSES = ['held', 'released', 'voided'] as const;
export type FairPlayReviewStatus = (typeof FAIR_PLAY_REVIEW_STATUSES)[number];

export const FAIR_PLAY_REVIEW_DECISIONS = ['release', 'void'] as const;
export type FairPlayReviewDecision = (typeof FAIR_PLAY_REVIEW_DECISIONS)[number];

export const FAIR_PLAY_ERROR_CODES = {
  reviewDecided: 'REVIEW_ALREADY_DECIDED',
  underReview: 'UNDER_REVIEW',
} as const;

export const FAIR_PLAY_MESSAGES = {
  reviewDecided: 'This review has already been decided',
  decisionInvalid: 'Please choose release or void',
  underReview: 'This match is under fair-play review; its payout waits for the decision',
  /** Shown to both players of a round whose payout is held. */
  payoutHeld: 'Payout held for a fair-play review. Support will release it or refund both stakes.',
} as const;

/** One signal of one seat, with the evidence a reviewer reads (intervals, distributions). */
export interface FairPlaySignalDto {
  kind:
    | 'machine_regular'
    | 'reaction_floor_cluster'
    | 'superhuman_accuracy'
    | 'superhuman_rate'
    | 'no_input'
    /** The player's evidence across rounds in this game crossed the line (decision 2701). */
    | 'beyond_human_profile';
  score: number;
  evidence: Record<string, unknown>;
}

/** Both seats' signals of a played round, as stored with the match. */
export interface RoundFairPlayDto {
  /** [player1, player2] */
  seats: [{ score: number; signals: FairPlaySignalDto[] }, { score: number; signals: FairPlaySignalDto[] }];
}

/**
 * Transparency (GET /api/rooms/{id}/rounds/{n}): whether the round's payout was held for review, why (the signal
 * kinds), and how support decided. Null when the round was never held.
 */
export interface RoundReviewDto {
  status: FairPlayReviewStatus;
  /** The signal kinds that held it. */
  reasons: FairPlaySignalDto['kind'][];
  decision_note: string | null;
  decided_at: string | null;
}

/** A held (or decided) round in support's review queue. */
export interface AdminReviewDto extends RoundReviewDto, WithPendingApproval {
  match_id: string;
  room_id: string;
  round: number;
  game_id: string;
  bet: number;
  /** The provisional winner whose payout is held, and their seat (0 = player 1, the `seats` index). */
  held_user_id: string;
  held_seat: 0 | 1;
  held_username: string;
  opponent_id: string;
  opponent_username: string;
  score: number;
  signals: RoundFairPlayDto | null;
  created_at: string;
}

/** A round's fair-play evidence on a player's admin page (kept even when nothing was held). */
export interface AdminFairPlayEvidenceDto {
  match_id: string;
  room_id: string;
  round: number;
  game_id: string;
  score: number;
  signals: FairPlaySignalDto[];
  held: boolean;
  ended_at: string;
}
