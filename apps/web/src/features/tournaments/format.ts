import type { TournamentDto } from '@skillduel/contracts';
import { formatDollars } from '../../app/format';

/** The prize of each place as shown before paying: dollars (guaranteed) or the percentage of the pool (pooled). */
export function prizeLabels(tournament: TournamentDto): string[] {
  return tournament.payout_table.map((value) =>
    tournament.prize_mode === 'guaranteed' ? formatDollars(value) : `${value}%`,
  );
}
