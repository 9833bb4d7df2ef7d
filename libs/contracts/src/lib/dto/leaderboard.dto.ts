import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import {
  LEADERBOARD_LIMITS,
  LEADERBOARD_MESSAGES,
  LEADERBOARD_METRICS,
  LEADERBOARD_PERIODS,
  type LeaderboardMetric,
  type LeaderboardPeriod,
} from '../leaderboard-types';

/** Query strings arrive as text; a well-formed integer becomes a number, anything else stays and fails @IsInt. */
function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d{1,6}$/.test(value) ? Number(value) : value;
}

/** GET /users/leaderboard/?metric=&period=&region=&limit= (all optional). */
export class LeaderboardQueryDto {
  @IsOptional()
  @IsIn(LEADERBOARD_METRICS, { message: LEADERBOARD_MESSAGES.metric })
  metric?: LeaderboardMetric;

  @IsOptional()
  @IsIn(LEADERBOARD_PERIODS, { message: LEADERBOARD_MESSAGES.period })
  period?: LeaderboardPeriod;

  @IsOptional()
  @Matches(/^(global|[A-Za-z]{2})$/, { message: LEADERBOARD_MESSAGES.region })
  region?: string;

  @IsOptional()
  @Transform(toInteger)
  @Max(LEADERBOARD_LIMITS.max, { message: LEADERBOARD_MESSAGES.limit })
  @Min(LEADERBOARD_LIMITS.min, { message: LEADERBOARD_MESSAGES.limit })
  @IsInt({ message: LEADERBOARD_MESSAGES.limit })
  limit?: number;
}
