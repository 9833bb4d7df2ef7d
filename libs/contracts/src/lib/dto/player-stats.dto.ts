import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { MATCH_HISTORY_LIMITS } from '../player-stats-types';

function toInteger({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && /^-?\d{1,6}$/.test(value) ? Number(value) : value;
}

const PAGE_MESSAGE = `page must be an integer from 1 to ${MATCH_HISTORY_LIMITS.pageMax}`;
const PAGE_SIZE_MESSAGE = `page_size must be an integer from 1 to ${MATCH_HISTORY_LIMITS.pageSizeMax}`;

/** GET /users/me/matches?page=&page_size= (1-based page). */
export class MatchHistoryQueryDto {
  @IsOptional()
  @Transform(toInteger)
  @Max(MATCH_HISTORY_LIMITS.pageMax, { message: PAGE_MESSAGE })
  @Min(1, { message: PAGE_MESSAGE })
  @IsInt({ message: PAGE_MESSAGE })
  page?: number;

  @IsOptional()
  @Transform(toInteger)
  @Max(MATCH_HISTORY_LIMITS.pageSizeMax, { message: PAGE_SIZE_MESSAGE })
  @Min(1, { message: PAGE_SIZE_MESSAGE })
  @IsInt({ message: PAGE_SIZE_MESSAGE })
  page_size?: number;
}
