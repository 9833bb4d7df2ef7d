import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectLedgerConsistent, insertUser } from '../../test/wallet-helpers';
import { AppError } from '../common/app-error';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { arenaBody } from './testing/tournaments-test-kit';
import { TournamentLifecycleService } from './tournament-lifecycle.service';
import { TournamentsRepository } from './tournaments.repository';
import { TournamentsService } from './tournaments.service';

const PLAYERS = 4;
const START_CENTS = 3_000n;
const FEE_CENTS = 700n;

type Action =
  | { type: 'join'; player: number; concurrent: boolean }
  | { type: 'leave'; player: number }
  | { type: 'start' }
  | { type: 'score'; player: number; score: number }
  | { type: 'finish' }
  | { type: 'cancel' };

const actionArbitrary: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('join' as const), player: fc.nat({ max: PLAYERS - 1 }), concurrent: fc.boolean() }),
  fc.record({ type: fc.constant('leave' as const), player: fc.nat({ max: PLAYERS - 1 }) }),
  fc.record({ type: fc.constant('start' as const) }),
  fc.record({ type: fc.constant('score' as const), player: fc.nat({ max: PLAYERS - 1 }), score: fc.nat({ max: 3 }) }),
  fc.record({ type: fc.constant('finish' as const) }),
  fc.record({ type: fc.constant('cancel' as const) }),
);

/** A refusal the service answers on purpose (full, not open, limit, not entered...) is part of the model. */
async function refusedOrDone(work: Promise<unknown>): Promise<boolean> {
  try {
    await work;
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return false;
    throw error;
  }
}

/**
 * Model test: random sequences of joins (some sent twice at once with one Idempotency-Key), leaves, starts, scores,
 * finishes and cancellations on one arena, against a model of who holds how many entries. After every sequence the
 * tournament is closed and: the ledger's invariants (the tournament ones included) hold, its escrow is empty, and
 * the players' money plus the house's net equals what the players started with.
 */
describe('tournament money model (fast-check, real PostgreSQL)', () => {
  let testApp: TestApp;
  let service: TournamentsService;
  let lifecycle: TournamentLifecycleService;
  let repository: TournamentsRepository;
  let ledger: LedgerService;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    service = testApp.app.get(TournamentsService);
    lifecycle = testApp.app.get(TournamentLifecycleService);
    repository = testApp.app.get(TournamentsRepository);
    ledger = testApp.app.get(LedgerService);
  });
  afterAll(() => testApp.close());

  const houseCents = async (): Promise<bigint> => {
    const rows = await sql<{ total: string }>(
      testApp.databaseUrl,
      `SELECT coalesce(sum(balance_cents), 0)::text AS total FROM ledger_accounts WHERE kind IN ('platform_fee', 'promotions')`,
    );
    return BigInt(rows[0].total);
  };

  it('random join/leave/start/score/finish/cancel sequences keep every invariant', async () => {
    const admin = await insertUser(testApp.databaseUrl);
    const clearing = await ledger.systemAccount('provider_clearing');
    await fc.assert(
      fc.asyncProperty(
        fc.array(actionArbitrary, { minLength: 1, maxLength: 18 }),
        fc.constantFrom('pooled' as const, 'guaranteed' as const),
        fc.integer({ min: 1, max: 3 }),
        async (actions, prizeMode, maxEntries) => {
          const players: string[] = [];
          for (let i = 0; i < PLAYERS; i++) {
            const userId = await insertUser(testApp.databaseUrl);
            await ledger.post({
              kind: 'deposit',
              idempotencyKey: `model-fund:${randomUUID()}`,
              entries: [
                { accountId: await ledger.ensureWallet(userId), amountCents: START_CENTS },
                { accountId: clearing, amountCents: -START_CENTS },
              ],
              references: { userId },
            });
            players.push(userId);
          }
          const houseBefore = await houseCents();
          const tournament = await service.create(
            admin,
            Object.assign(
              {},
              arenaBody({
                entry_fee: Number(FEE_CENTS) / 100,
                max_entrants: 3,
                max_entries_per_player: maxEntries,
                prize_mode: prizeMode,
                payout_table: prizeMode === 'pooled' ? [66.67, 33.33] : [9.99, 3.01],
                rake_bps: 1_250,
              }),
            ) as never,
          );
          const model = { status: 'scheduled', held: new Map<number, number>() };
          const entrants = () => [...model.held.values()].filter((count) => count > 0).length;

          for (const action of actions) {
            if (action.type === 'join') {
              const caller = {
                userId: players[action.player],
                idempotencyKey: randomUUID(),
                requestId: randomUUID(),
                ip: '127.0.0.1',
              };
              const tries = action.concurrent
                ? [service.enter(caller, tournament.id), service.enter(caller, tournament.id)]
                : [service.enter(caller, tournament.id)];
              const answers = await Promise.all(tries);
              const held = model.held.get(action.player) ?? 0;
              const fits = model.status === 'scheduled' && held < maxEntries && (held > 0 || entrants() < 3);
              expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => (fits ? 201 : 409)));
              if (fits) model.held.set(action.player, held + 1);
            } else if (action.type === 'leave') {
              const done = await refusedOrDone(service.leave(players[action.player], tournament.id));
              expect(done).toBe(model.status === 'scheduled' && (model.held.get(action.player) ?? 0) > 0);
              if (done) model.held.set(action.player, 0);
            } else if (action.type === 'start') {
              const status = await lifecycle.start(tournament.id);
              if (model.status === 'scheduled') model.status = entrants() >= 2 ? 'running' : 'cancelled';
              expect(status).toBe(model.status);
            } else if (action.type === 'score') {
              const [entry] = (
                await repository.entriesOf(repository.runner, tournament.id, players[action.player])
              ).filter((candidate) => candidate.status === 'held');
              if (model.status === 'running' && entry) {
                await repository
                  .insertAttempt(repository.runner, {
                    tournamentId: tournament.id,
                    entryId: entry.id,
                    userId: players[action.player],
                    score: BigInt(action.score),
                    reachedAt: new Date(Date.UTC(2026, 10, 27, 20, 0, action.score)),
                  })
                  .catch(() => undefined); // an entry plays one attempt: a second score of it is refused
              }
            } else if (action.type === 'finish') {
              await lifecycle.finish(tournament.id);
              if (model.status === 'running') {
                const rows = await sql<{ status: string }>(
                  testApp.databaseUrl,
                  `SELECT status FROM tournaments WHERE id = $1`,
                  [tournament.id],
                );
                model.status = rows[0].status;
              }
            } else {
              const done = await refusedOrDone(lifecycle.cancelByAdmin(admin, tournament.id, 'model test'));
              expect(done).toBe(model.status === 'scheduled' || model.status === 'running');
              if (done) model.status = 'cancelled';
            }
          }
          // Close whatever is still open, then check the books.
          if (model.status === 'scheduled') await lifecycle.start(tournament.id);
          await lifecycle.finish(tournament.id);
          const [closed] = await sql<{ status: string; balance: string }>(
            testApp.databaseUrl,
            `SELECT t.status, a.balance_cents::text AS balance FROM tournaments t
               JOIN ledger_accounts a ON a.id = t.escrow_account_id WHERE t.id = $1`,
            [tournament.id],
          );
          expect(['finished', 'cancelled']).toContain(closed.status);
          expect(closed.balance).toBe('0');
          const wallets = await Promise.all(players.map((userId) => ledger.walletBalance(userId)));
          const playersTotal = wallets.reduce((sum, cents) => sum + cents, 0n);
          expect(playersTotal + (await houseCents()) - houseBefore).toBe(START_CENTS * BigInt(PLAYERS));
          await expectLedgerConsistent(testApp.databaseUrl);
        },
      ),
      { numRuns: 12 },
    );
  }, 300_000);
});
