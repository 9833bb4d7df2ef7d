import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { createTestApp, TestApp } from '../../../test/test-app';
import { expectLedgerConsistent, insertUser } from '../../../test/wallet-helpers';
import { InsufficientFundsError } from './ledger.errors';
import { LedgerService } from './ledger.service';

const WALLETS = 3;
const START_CENTS = 5_000n;

interface Move {
  from: number;
  to: number;
  amountCents: bigint;
  /** Moves of one batch are posted at the same time; batches run one after the other. */
  batch: number;
  /** Re-posts an earlier move's idempotency key (a retry) instead of a new one. */
  retryOf: number | null;
}

const moveArbitrary = fc.record({
  from: fc.integer({ min: 0, max: WALLETS - 1 }),
  to: fc.integer({ min: 0, max: WALLETS }), // WALLETS = the escrow account
  amountCents: fc.bigInt({ min: 1n, max: 4_000n }),
  batch: fc.integer({ min: 0, max: 3 }),
  retryOf: fc.option(fc.nat({ max: 20 }), { freq: 4 }),
});

/**
 * Property: whatever random (possibly concurrent, possibly retried, possibly overdrawing) transfers are posted, no
 * bounded account goes negative, money is conserved, each balance equals its start plus the moves that succeeded,
 * a retried key moves money once, and every ledger invariant (ledger:check) holds.
 */
describe('ledger properties (fast-check, real PostgreSQL)', () => {
  let testApp: TestApp;
  let ledger: LedgerService;

  beforeAll(async () => {
    testApp = await createTestApp({ WITHDRAWAL_PROCESSOR_ENABLED: 'false' });
    ledger = testApp.app.get(LedgerService);
  });
  afterAll(() => testApp.close());

  it('random concurrent transfers keep every invariant', async () => {
    const clearing = await ledger.systemAccount('provider_clearing');
    const escrow = await ledger.systemAccount('escrow');
    await fc.assert(
      fc.asyncProperty(fc.array(moveArbitrary, { minLength: 1, maxLength: 25 }), async (moves: Move[]) => {
        const wallets: string[] = [];
        for (let i = 0; i < WALLETS; i++) {
          const wallet = await ledger.ensureWallet(await insertUser(testApp.databaseUrl));
          await ledger.post({
            kind: 'deposit',
            idempotencyKey: `prop-fund:${randomUUID()}`,
            entries: [
              { accountId: wallet, amountCents: START_CENTS },
              { accountId: clearing, amountCents: -START_CENTS },
            ],
          });
          wallets.push(wallet);
        }
        const escrowBefore = await ledger.balanceOf(escrow);
        const accounts = [...wallets, escrow];
        const keys = moves.map(() => `prop:${randomUUID()}`);
        const expected = accounts.map((_, index) => (index < WALLETS ? START_CENTS : escrowBefore));
        const applied = new Set<string>();

        for (let batch = 0; batch <= 3; batch++) {
          const inBatch = moves.map((move, index) => ({ move, index })).filter(({ move }) => move.batch === batch);
          const results = await Promise.allSettled(
            inBatch.map(({ move, index }) => {
              const original = move.retryOf !== null && move.retryOf < index ? moves[move.retryOf] : move;
              const key = move.retryOf !== null && move.retryOf < index ? keys[move.retryOf] : keys[index];
              const from = accounts[original.from];
              const to = accounts[original.to === original.from ? (original.from + 1) % accounts.length : original.to];
              return ledger
                .post({
                  kind: 'transfer',
                  idempotencyKey: key,
                  entries: [
                    { accountId: from, amountCents: -original.amountCents },
                    { accountId: to, amountCents: original.amountCents },
                  ],
                })
                .then((result) => ({ result, key, from, to, amountCents: original.amountCents }));
            }),
          );
          for (const settled of results) {
            if (settled.status === 'rejected') {
              expect(settled.reason).toBeInstanceOf(InsufficientFundsError);
              continue;
            }
            const { result, key, from, to, amountCents } = settled.value;
            if (result.replayed) continue;
            expect(applied.has(key)).toBe(false); // a key moves money once
            applied.add(key);
            expected[accounts.indexOf(from)] -= amountCents;
            expected[accounts.indexOf(to)] += amountCents;
          }
        }

        for (let index = 0; index < accounts.length; index++) {
          const balance = await ledger.balanceOf(accounts[index]);
          expect(balance).toBe(expected[index]);
          expect(balance).toBeGreaterThanOrEqual(0n);
        }
        const total = expected.reduce((sum, cents) => sum + cents, 0n);
        expect(total).toBe(START_CENTS * BigInt(WALLETS) + escrowBefore);
      }),
      { numRuns: Number(process.env['LEDGER_PROPERTY_RUNS'] ?? 60) },
    );
    await expectLedgerConsistent(testApp.databaseUrl);
  });
});
