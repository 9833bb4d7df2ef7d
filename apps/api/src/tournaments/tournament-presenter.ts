import {
  centsToDollars,
  type MyTournamentEntryDto,
  type TournamentDto,
  type TournamentEntryDto,
} from '@skillduel/contracts';
import { lockFigures } from './tournament-payouts';
import type { EntryRecord, TournamentRecord } from './tournaments.repository';

export function toEntryDto(entry: EntryRecord): TournamentEntryDto {
  return {
    id: entry.id,
    entry_no: entry.entryNo,
    entry_fee: centsToDollars(entry.feeCents),
    status: entry.status,
    created_at: entry.createdAt.toISOString(),
  };
}

/** The caller's entries (all of them, refunded ones too), or null when they never entered. */
function toMyEntry(tournament: TournamentRecord, entries: readonly EntryRecord[]): MyTournamentEntryDto | null {
  if (entries.length === 0) return null;
  const active = entries.filter((entry) => entry.status !== 'refunded').length;
  return {
    entries: entries.map(toEntryDto),
    active_entries: active,
    entries_left: Math.max(0, tournament.maxEntriesPerPlayer - active),
  };
}

/**
 * A tournament on the wire. The prize pool is what the prizes will share: the published table (guaranteed), or the
 * held entries less the rake (pooled), as it stands now.
 */
export function toTournamentDto(tournament: TournamentRecord, myEntries: readonly EntryRecord[] | null): TournamentDto {
  const heldCents = tournament.entryFeeCents * BigInt(tournament.heldEntries);
  const figures = lockFigures(tournament.prizeMode, heldCents, tournament.rakeBps, tournament.payoutTable);
  return {
    id: tournament.id,
    name: tournament.name,
    game_id: tournament.gameId,
    format: tournament.format,
    status: tournament.status,
    entry_fee: centsToDollars(tournament.entryFeeCents),
    entrants: tournament.entrants,
    entries: tournament.heldEntries,
    min_entrants: tournament.minEntrants,
    max_entrants: tournament.maxEntrants,
    max_entries_per_player: tournament.maxEntriesPerPlayer,
    prize_mode: tournament.prizeMode,
    // Cents per place are dollars × 100 and basis points are percent × 100: one conversion prints both.
    payout_table: tournament.payoutTable.map((units) => centsToDollars(units)),
    rake_bps: tournament.rakeBps,
    prize_pool: centsToDollars(figures.prizePoolCents),
    starts_at: tournament.startsAt.toISOString(),
    ends_at: tournament.endsAt.toISOString(),
    seed_commitment: tournament.seedCommitment,
    seed: tournament.status === 'finished' ? tournament.seed : null,
    cancel_reason: tournament.cancelReason,
    my_entry: myEntries === null ? null : toMyEntry(tournament, myEntries),
  };
}
