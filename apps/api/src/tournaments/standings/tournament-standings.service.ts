import { Injectable } from '@nestjs/common';
import {
  TOURNAMENT_LIMITS,
  type TournamentStandingDto,
  type TournamentStandingsDto,
  type TournamentStandingsQueryDto,
} from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { TournamentsRepository } from '../tournaments.repository';
import { BestRecord, TournamentStandingsRepository } from './tournament-standings.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /tournaments/{id}/standings (docs/product/tournaments.md#standings): a page of the ranked players, or the rows
 * around the caller, with competition ranks (decision 2602's order; equal score at the same instant share a rank).
 * The cost does not grow with the field: one rank from the counters, then index reads next to a known row.
 */
@Injectable()
export class TournamentStandingsService {
  constructor(
    private readonly standings: TournamentStandingsRepository,
    private readonly tournaments: TournamentsRepository,
  ) {}

  async standingsOf(
    tournamentId: string,
    callerId: string | null,
    query: TournamentStandingsQueryDto,
  ): Promise<TournamentStandingsDto> {
    if (!UUID_PATTERN.test(tournamentId)) throw AppError.notFound();
    const tournament = await this.tournaments.find(this.tournaments.runner, tournamentId);
    if (!tournament) throw AppError.notFound();
    const limit = query.limit ?? TOURNAMENT_LIMITS.standingsPageDefault;
    const [ranked, mine] = await Promise.all([
      this.standings.ranked(tournamentId),
      callerId ? this.standings.best(tournamentId, callerId) : Promise.resolve(null),
    ]);
    const myRank = mine ? await this.standings.rankOf(tournamentId, mine.userId) : null;
    let rows: BestRecord[];
    let offset: number;
    if (query.around === 'me' && mine && myRank !== null) {
      // My position in the list: players ranked ahead, plus those tied with me but listed first.
      const myPosition = myRank - 1 + (await this.standings.tiedBefore(tournamentId, mine));
      // Centred on me; near the top or the bottom the other side fills the page.
      const wantBehind = limit - 1 - Math.floor((limit - 1) / 2);
      const behindAll = await this.standings.behind(tournamentId, mine, limit - 1);
      const aheadRows = await this.standings.ahead(
        tournamentId,
        mine,
        limit - 1 - Math.min(behindAll.length, wantBehind),
      );
      const behindRows = behindAll.slice(0, limit - 1 - aheadRows.length);
      rows = [...aheadRows, mine, ...behindRows];
      offset = myPosition - aheadRows.length;
    } else {
      offset = query.around === 'me' ? 0 : (query.offset ?? 0);
      rows = await this.standings.page(tournamentId, offset, limit);
    }
    const ranks = await this.ranksOf(tournamentId, rows, offset);
    const toDto = (row: BestRecord, rank: number): TournamentStandingDto => ({
      rank,
      user_id: row.userId,
      username: row.username,
      score: Number(row.score),
      reached_at: row.reachedAt.toISOString(),
      is_me: row.userId === callerId,
    });
    return {
      tournament_id: tournamentId,
      ranked,
      offset,
      limit,
      rows: rows.map((row, index) => toDto(row, ranks[index])),
      me: mine && myRank !== null ? toDto(mine, myRank) : null,
    };
  }

  /**
   * Competition ranks of consecutive rows starting at list position `offset`: the first from the counters (it may be
   * tied with rows before the page); each next one shares the rank of a row it is tied with, else is its position + 1.
   */
  private async ranksOf(tournamentId: string, rows: BestRecord[], offset: number): Promise<number[]> {
    if (rows.length === 0) return [];
    const ranks = [(await this.standings.rankOf(tournamentId, rows[0].userId)) ?? offset + 1];
    for (let index = 1; index < rows.length; index++) {
      const previous = rows[index - 1];
      const row = rows[index];
      const tied = row.score === previous.score && row.reachedKey === previous.reachedKey;
      ranks.push(tied ? ranks[index - 1] : offset + index + 1);
    }
    return ranks;
  }
}
