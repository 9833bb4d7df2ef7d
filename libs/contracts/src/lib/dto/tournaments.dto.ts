import { Transform } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import {
  payoutTableProblem,
  TOURNAMENT_FORMATS,
  TOURNAMENT_LIMITS,
  TOURNAMENT_MESSAGES,
  TOURNAMENT_PRIZE_MODES,
  TOURNAMENT_STATUSES,
  type TournamentFormat,
  type TournamentPrizeMode,
  type TournamentStatus,
} from '../tournaments';
import { IsDollarAmount } from './wallet.dto';

const GAME_ID_MAX_LENGTH = 64;
const trim = ({ value }: { value: unknown }): unknown => (typeof value === 'string' ? value.trim() : value);

/** A payout table valid for the object's prize_mode (see payoutTableProblem). */
function IsPayoutTable(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isPayoutTable',
      validator: {
        validate: (value: unknown, args) =>
          payoutTableProblem((args?.object as { prize_mode?: unknown } | undefined)?.prize_mode, value) === null,
        defaultMessage: (args) =>
          payoutTableProblem((args?.object as { prize_mode?: unknown } | undefined)?.prize_mode, args?.value) ??
          TOURNAMENT_MESSAGES.payoutTableInvalid,
      },
    },
    options,
  );
}

/** POST /api/admin/tournaments. Amounts in dollars; the payout table in dollars (guaranteed) or percent (pooled). */
export class CreateTournamentDto {
  @Transform(trim)
  @MaxLength(TOURNAMENT_LIMITS.nameMaxLength, { message: TOURNAMENT_MESSAGES.nameRequired })
  @IsNotEmpty({ message: TOURNAMENT_MESSAGES.nameRequired })
  @IsString({ message: TOURNAMENT_MESSAGES.nameRequired })
  name!: string;

  @MaxLength(GAME_ID_MAX_LENGTH, { message: TOURNAMENT_MESSAGES.chooseGame })
  @IsNotEmpty({ message: TOURNAMENT_MESSAGES.chooseGame })
  @IsString({ message: TOURNAMENT_MESSAGES.chooseGame })
  game_id!: string;

  @IsIn(TOURNAMENT_FORMATS, { message: TOURNAMENT_MESSAGES.formatInvalid })
  format!: TournamentFormat;

  /** Dollars, above 0, at most 2 decimals. */
  @IsDollarAmount({
    invalidMessage: TOURNAMENT_MESSAGES.entryFeeInvalid,
    minCents: 1,
    minMessage: TOURNAMENT_MESSAGES.entryFeeInvalid,
    maxCents: TOURNAMENT_LIMITS.maxEntryFeeCents,
    maxMessage: TOURNAMENT_MESSAGES.entryFeeMax,
  })
  entry_fee!: number | string;

  @Max(TOURNAMENT_LIMITS.maxEntrants, { message: TOURNAMENT_MESSAGES.entrantsInvalid })
  @Min(TOURNAMENT_LIMITS.minEntrants, { message: TOURNAMENT_MESSAGES.entrantsInvalid })
  @IsInt({ message: TOURNAMENT_MESSAGES.entrantsInvalid })
  min_entrants!: number;

  @Max(TOURNAMENT_LIMITS.maxEntrants, { message: TOURNAMENT_MESSAGES.entrantsInvalid })
  @Min(TOURNAMENT_LIMITS.minEntrants, { message: TOURNAMENT_MESSAGES.entrantsInvalid })
  @IsInt({ message: TOURNAMENT_MESSAGES.entrantsInvalid })
  max_entrants!: number;

  @IsISO8601({ strict: true }, { message: TOURNAMENT_MESSAGES.dateInvalid })
  @IsString({ message: TOURNAMENT_MESSAGES.dateInvalid })
  starts_at!: string;

  @IsISO8601({ strict: true }, { message: TOURNAMENT_MESSAGES.dateInvalid })
  @IsString({ message: TOURNAMENT_MESSAGES.dateInvalid })
  ends_at!: string;

  @Max(TOURNAMENT_LIMITS.maxEntriesPerPlayer, { message: TOURNAMENT_MESSAGES.entriesPerPlayerInvalid })
  @Min(1, { message: TOURNAMENT_MESSAGES.entriesPerPlayerInvalid })
  @IsInt({ message: TOURNAMENT_MESSAGES.entriesPerPlayerInvalid })
  max_entries_per_player!: number;

  @IsIn(TOURNAMENT_PRIZE_MODES, { message: TOURNAMENT_MESSAGES.prizeModeInvalid })
  prize_mode!: TournamentPrizeMode;

  @IsPayoutTable()
  payout_table!: (number | string)[];

  @Max(TOURNAMENT_LIMITS.maxRakeBps, { message: TOURNAMENT_MESSAGES.rakeInvalid })
  @Min(0, { message: TOURNAMENT_MESSAGES.rakeInvalid })
  @IsInt({ message: TOURNAMENT_MESSAGES.rakeInvalid })
  rake_bps!: number;
}

/** GET /api/tournaments?status=&game= (without status: scheduled and running first, then the rest, newest first). */
export class TournamentsQueryDto {
  @IsOptional()
  @IsIn(TOURNAMENT_STATUSES, { message: TOURNAMENT_MESSAGES.statusInvalid })
  status?: TournamentStatus;

  @IsOptional()
  @MaxLength(GAME_ID_MAX_LENGTH, { message: 'game must be a game id' })
  @IsString({ message: 'game must be a game id' })
  game?: string;
}

const toInteger = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' && /^-?\d{1,6}$/.test(value) ? Number(value) : value;

/**
 * GET /api/tournaments/{id}/standings?around=me&limit=&offset=: a page of the ranked players from `offset` (default
 * 0), or with `around=me` the `limit` rows centred on the caller (offset is then ignored).
 */
export class TournamentStandingsQueryDto {
  @IsOptional()
  @IsIn(['me'], { message: TOURNAMENT_MESSAGES.standingsAround })
  around?: 'me';

  @IsOptional()
  @Transform(toInteger)
  @Max(TOURNAMENT_LIMITS.standingsPageMax, { message: TOURNAMENT_MESSAGES.standingsLimit })
  @Min(1, { message: TOURNAMENT_MESSAGES.standingsLimit })
  @IsInt({ message: TOURNAMENT_MESSAGES.standingsLimit })
  limit?: number;

  @IsOptional()
  @Transform(toInteger)
  @Max(TOURNAMENT_LIMITS.maxEntrants, { message: TOURNAMENT_MESSAGES.standingsOffset })
  @Min(0, { message: TOURNAMENT_MESSAGES.standingsOffset })
  @IsInt({ message: TOURNAMENT_MESSAGES.standingsOffset })
  offset?: number;
}
