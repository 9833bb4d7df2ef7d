import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, Matches, MaxLength, MinLength } from 'class-validator';
import {
  ADMIN_MESSAGES,
  DISPUTE_DECISIONS,
  DISPUTE_MESSAGES,
  FLAG_RESOLUTIONS,
  USER_ROLES,
  type DisputeDecision,
  type FlagResolution,
  type UserRole,
} from '../admin';
import { FAIR_PLAY_MESSAGES, FAIR_PLAY_REVIEW_DECISIONS, type FairPlayReviewDecision } from '../fair-play';

const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** A reason for an operator action (kept in the audit trail; shown to the player where the action concerns them). */
export class AdminReasonDto {
  @Transform(trim)
  @MaxLength(500, { message: ADMIN_MESSAGES.reasonRequired })
  @MinLength(3, { message: ADMIN_MESSAGES.reasonRequired })
  @IsString({ message: ADMIN_MESSAGES.reasonRequired })
  reason!: string;
}

/** PUT /api/admin/users/{id}/role (admin only). */
export class AdminRoleChangeDto extends AdminReasonDto {
  @IsIn(USER_ROLES, { message: ADMIN_MESSAGES.roleInvalid })
  role!: UserRole;
}

/** GET /api/admin/users?q= */
export class AdminUserSearchDto {
  @IsOptional()
  @IsString()
  @MaxLength(100)
  q?: string;
}

/** GET /api/admin/audit?actor_id=&target_id=&action= */
export class AdminAuditQueryDto {
  @IsOptional()
  @Matches(/^[0-9a-f-]{36}$/i, { message: 'actor_id must be a user id' })
  actor_id?: string;

  @IsOptional()
  @IsString()
  @MaxLength(80)
  target_id?: string;

  @IsOptional()
  @Matches(/^[a-z_.]{1,60}$/, { message: 'action must be an action name' })
  action?: string;
}

/** POST /api/admin/flags/{id}/resolve */
export class ResolveFlagDto {
  @IsIn(FLAG_RESOLUTIONS, { message: DISPUTE_MESSAGES.resolutionInvalid })
  action!: FlagResolution;

  @Transform(trim)
  @MaxLength(500, { message: ADMIN_MESSAGES.reasonRequired })
  @MinLength(3, { message: ADMIN_MESSAGES.reasonRequired })
  @IsString({ message: ADMIN_MESSAGES.reasonRequired })
  note!: string;
}

/** POST /api/rooms/{id}/rounds/{n}/disputes */
export class DisputeRequestDto {
  @Transform(trim)
  @MaxLength(1000, { message: DISPUTE_MESSAGES.reasonRequired })
  @MinLength(10, { message: DISPUTE_MESSAGES.reasonRequired })
  @IsString({ message: DISPUTE_MESSAGES.reasonRequired })
  reason!: string;
}

/** POST /api/admin/disputes/{id}/decide */
export class DecideDisputeDto {
  @IsIn(DISPUTE_DECISIONS, { message: DISPUTE_MESSAGES.decisionInvalid })
  decision!: DisputeDecision;

  @Transform(trim)
  @MaxLength(500, { message: ADMIN_MESSAGES.reasonRequired })
  @MinLength(3, { message: ADMIN_MESSAGES.reasonRequired })
  @IsString({ message: ADMIN_MESSAGES.reasonRequired })
  note!: string;
}

/** POST /api/admin/reviews/{matchId}/decide: release the held payout as decided, or void the round (both refunded). */
export class DecideReviewDto {
  @IsIn(FAIR_PLAY_REVIEW_DECISIONS, { message: FAIR_PLAY_MESSAGES.decisionInvalid })
  decision!: FairPlayReviewDecision;

  @Transform(trim)
  @MaxLength(500, { message: ADMIN_MESSAGES.reasonRequired })
  @MinLength(3, { message: ADMIN_MESSAGES.reasonRequired })
  @IsString({ message: ADMIN_MESSAGES.reasonRequired })
  note!: string;
}
