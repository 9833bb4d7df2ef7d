import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { TournamentDto } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { playerWithBalance } from '../../rooms/testing/rooms-test-kit';
import { TournamentsRepository } from '../tournaments.repository';

/** A valid create body: an arena of number-rush that starts in an hour and lasts an hour; override what a test needs. */
export function arenaBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const startsAt = Date.now() + 60 * 60 * 1000;
  return {
    name: `Arena ${randomUUID().slice(0, 8)}`,
    game_id: 'number-rush',
    format: 'arena',
    entry_fee: 10,
    min_entrants: 2,
    max_entrants: 100,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: new Date(startsAt + 60 * 60 * 1000).toISOString(),
    max_entries_per_player: 1,
    prize_mode: 'pooled',
    payout_table: [50, 30, 20],
    rake_bps: 1_000,
    ...overrides,
  };
}

export class TournamentsTestKit {
  private adminUser?: RegisteredUser;

  constructor(
    readonly app: NestFastifyApplication,
    readonly databaseUrl: string,
  ) {}

  async admin(): Promise<RegisteredUser> {
    if (!this.adminUser) {
      this.adminUser = await playerWithBalance(this.app, 0);
      await sql(this.databaseUrl, `UPDATE users SET role = 'admin' WHERE id = $1`, [this.adminUser.user.id]);
    }
    return this.adminUser;
  }

  /** Creates a tournament through POST /api/admin/tournaments; fails the test unless it answers 201. */
  async create(overrides: Record<string, unknown> = {}): Promise<TournamentDto> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/admin/tournaments',
      headers: bearer((await this.admin()).accessToken),
      payload: arenaBody(overrides),
    });
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`);
    return response.json<TournamentDto>();
  }

  enter(player: RegisteredUser, tournamentId: string, idempotencyKey: string = randomUUID()) {
    return this.app.inject({
      method: 'POST',
      url: `/api/tournaments/${tournamentId}/entries`,
      headers: { ...bearer(player.accessToken), 'idempotency-key': idempotencyKey },
    });
  }

  leave(player: RegisteredUser, tournamentId: string) {
    return this.app.inject({
      method: 'DELETE',
      url: `/api/tournaments/${tournamentId}/entries/me`,
      headers: bearer(player.accessToken),
    });
  }

  async cancel(tournamentId: string, reason = 'Venue problem') {
    return this.app.inject({
      method: 'POST',
      url: `/api/admin/tournaments/${tournamentId}/cancel`,
      headers: bearer((await this.admin()).accessToken),
      payload: { reason },
    });
  }

  /** `count` players with `dollars` each, registered a few at a time. */
  async players(count: number, dollars: number): Promise<RegisteredUser[]> {
    const players: RegisteredUser[] = [];
    while (players.length < count) {
      const batch = Math.min(10, count - players.length);
      players.push(...(await Promise.all(Array.from({ length: batch }, () => playerWithBalance(this.app, dollars)))));
    }
    return players;
  }

  /** Records a finished attempt's score for the player's first entry (what a played solo round will store). */
  async score(tournamentId: string, player: RegisteredUser, score: number, reachedAt: Date): Promise<void> {
    const repository = this.app.get(TournamentsRepository);
    const [entry] = await repository.entriesOf(repository.runner, tournamentId, player.user.id);
    if (!entry) throw new Error(`player ${player.user.id} has no entry`);
    await repository.insertAttempt(repository.runner, {
      tournamentId,
      entryId: entry.id,
      userId: player.user.id,
      score: BigInt(score),
      reachedAt,
    });
  }

  async escrowCents(tournamentId: string): Promise<bigint> {
    const rows = await sql<{ balance: string }>(
      this.databaseUrl,
      `SELECT a.balance_cents::text AS balance FROM tournaments t JOIN ledger_accounts a ON a.id = t.escrow_account_id
        WHERE t.id = $1`,
      [tournamentId],
    );
    return BigInt(rows[0].balance);
  }

  async systemCents(kind: 'platform_fee' | 'promotions'): Promise<bigint> {
    const rows = await sql<{ balance: string }>(
      this.databaseUrl,
      // The platform fee is split into sub-accounts (decision 2801): its balance is their sum.
      `SELECT coalesce(sum(balance_cents), 0)::text AS balance FROM ledger_accounts WHERE kind = $1`,
      [kind],
    );
    return BigInt(rows[0].balance);
  }

  /** Ledger transactions of a kind that touched this tournament's escrow. */
  async postings(tournamentId: string, kind: string, userId?: string): Promise<number> {
    const rows = await sql<{ n: number }>(
      this.databaseUrl,
      `SELECT count(DISTINCT x.id)::int AS n
         FROM tournaments t JOIN ledger_entries e ON e.account_id = t.escrow_account_id
         JOIN ledger_transactions x ON x.id = e.transaction_id
        WHERE t.id = $1 AND x.kind = $2 AND ($3::uuid IS NULL OR x.user_id = $3)`,
      [tournamentId, kind, userId ?? null],
    );
    return rows[0].n;
  }
}
