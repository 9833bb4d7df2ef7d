import type { TournamentDto } from '@skillduel/contracts';
import { formatDollars } from '../../app/format';

/** A date and time in the reader's language and zone. */
export function formatWhen(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The prize of each place as shown before paying: dollars (guaranteed) or the percentage of the pool (pooled). */
export function prizeLabels(tournament: TournamentDto): string[] {
  return tournament.payout_table.map((value) =>
    tournament.prize_mode === 'guaranteed' ? formatDollars(value) : `${value}%`,
  );
}
