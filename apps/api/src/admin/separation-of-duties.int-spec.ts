import { ADMIN_ERROR_CODES, FAIR_PLAY_ERROR_CODES } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import type { RegisteredUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, TestApp } from '../../test/test-app';
import { expectMoneyConsistent } from '../rooms/testing/rooms-test-kit';
import { Method, StaffTestKit } from './testing/staff-test-kit';

type Ownership = 'own account' | 'own round' | 'linked account' | 'other account';
const OWNERSHIPS: Ownership[] = ['own account', 'own round', 'linked account', 'other account'];

interface Call {
  method: Method;
  url: string;
  payload: Record<string, unknown>;
}

/** One staff member's world: their own items, a round they played, an account linked to theirs, someone else's. */
interface Fixture {
  actor: RegisteredUser;
  users: Record<'own' | 'linked' | 'other', string>;
  withdrawals: Record<'own' | 'linked' | 'otherApprove' | 'otherReject', string>;
  flags: Record<'own' | 'ownRound' | 'linked' | 'other', string>;
  disputes: Record<'own' | 'ownRound' | 'linked' | 'other', string>;
  reviews: Record<'own' | 'ownRound' | 'linked' | 'other', string>;
}

interface DecisionRoute {
  name: string;
  adminOnly?: boolean;
  cells(f: Fixture): Partial<Record<Ownership, Call>>;
  /** The 'other account' answer: allowed (200), or for a review the state check after the duty check. */
  otherStatus?: number;
}

const reason = { reason: 'matrix test' };
const post = (url: string, payload: Record<string, unknown>): Call => ({ method: 'POST', url, payload });

/** Every /api/admin decision route (the reads are covered by admin.int-spec's route × role matrix). */
const DECISION_ROUTES: DecisionRoute[] = [
  {
    name: 'POST users/:id/freeze',
    cells: (f) => ({
      'own account': post(`/api/admin/users/${f.users.own}/freeze`, reason),
      'linked account': post(`/api/admin/users/${f.users.linked}/freeze`, reason),
      'other account': post(`/api/admin/users/${f.users.other}/freeze`, reason),
    }),
  },
  {
    name: 'POST users/:id/unfreeze',
    cells: (f) => ({
      'own account': post(`/api/admin/users/${f.users.own}/unfreeze`, reason),
      'linked account': post(`/api/admin/users/${f.users.linked}/unfreeze`, reason),
      'other account': post(`/api/admin/users/${f.users.other}/unfreeze`, reason),
    }),
  },
  {
    name: 'PUT users/:id/role',
    adminOnly: true,
    cells: (f) => {
      const role = (id: string): Call => ({
        method: 'PUT',
        url: `/api/admin/users/${id}/role`,
        payload: { role: 'support', reason: 'matrix test' },
      });
      return {
        'own account': role(f.users.own),
        'linked account': role(f.users.linked),
        'other account': role(f.users.other),
      };
    },
  },
  {
    name: 'POST withdrawals/:id/approve',
    cells: (f) => ({
      'own account': post(`/api/admin/withdrawals/${f.withdrawals.own}/approve`, reason),
      'linked account': post(`/api/admin/withdrawals/${f.withdrawals.linked}/approve`, reason),
      'other account': post(`/api/admin/withdrawals/${f.withdrawals.otherApprove}/approve`, reason),
    }),
  },
  {
    name: 'POST withdrawals/:id/reject',
    cells: (f) => ({
      'own account': post(`/api/admin/withdrawals/${f.withdrawals.own}/reject`, reason),
      'linked account': post(`/api/admin/withdrawals/${f.withdrawals.linked}/reject`, reason),
      'other account': post(`/api/admin/withdrawals/${f.withdrawals.otherReject}/reject`, reason),
    }),
  },
  {
    name: 'POST flags/:id/resolve',
    cells: (f) => {
      const resolve = (id: string) => post(`/api/admin/flags/${id}/resolve`, { action: 'dismiss', note: 'matrix' });
      return {
        'own account': resolve(f.flags.own),
        'own round': resolve(f.flags.ownRound),
        'linked account': resolve(f.flags.linked),
        'other account': resolve(f.flags.other),
      };
    },
  },
  {
    name: 'POST disputes/:id/decide',
    cells: (f) => {
      const decide = (id: string) => post(`/api/admin/disputes/${id}/decide`, { decision: 'uphold', note: 'matrix' });
      return {
        'own account': decide(f.disputes.own),
        'own round': decide(f.disputes.ownRound),
        'linked account': decide(f.disputes.linked),
        'other account': decide(f.disputes.other),
      };
    },
  },
  {
    name: 'POST reviews/:matchId/decide',
    // The seeded review's round was already paid: past the duty check, the state check answers 409.
    otherStatus: 409,
    cells: (f) => {
      const decide = (id: string) => post(`/api/admin/reviews/${id}/decide`, { decision: 'release', note: 'matrix' });
      return {
        'own account': decide(f.reviews.own),
        'own round': decide(f.reviews.ownRound),
        'linked account': decide(f.reviews.linked),
        'other account': decide(f.reviews.other),
      };
    },
  },
];

/**
 * Separation of duties (decision 2310) over every /api/admin decision route × role × ownership, on real rounds:
 * own account, a round the staff member played, an account sharing a device (support) or an address (admin) with
 * theirs → 403 CONFLICT_OF_INTEREST and nothing changes; someone else's → decided; frozen staff → 403 everywhere.
 */
describe('separation of duties: route × role × ownership matrix (real PostgreSQL, real rounds)', () => {
  let testApp: TestApp;
  let kit: StaffTestKit;
  const fixtures = new Map<'support' | 'admin', Fixture>();

  beforeAll(async () => {
    testApp = await createTestApp({
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
      WITHDRAWAL_REVIEW_THRESHOLD: '1',
      RATE_LIMIT_PER_MINUTE: '1000000',
      MATCH_COUNTDOWN_MS: '100',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '1500',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      MAX_OPEN_ROOMS_PER_PLAYER: '20',
    });
    await testApp.app.listen(0, '127.0.0.1');
    kit = new StaffTestKit(testApp.app, testApp.databaseUrl);
    const [support, admin] = await Promise.all([fixture('support', 'device'), fixture('admin', 'ip')]);
    fixtures.set('support', support);
    fixtures.set('admin', admin);
    kit.closeSockets();
  }, 120_000);
  afterEach(() => expectMoneyConsistent(testApp.databaseUrl));
  afterAll(() => testApp.close());

  async function fixture(role: 'support' | 'admin', link: 'device' | 'ip'): Promise<Fixture> {
    const actor = await kit.member(role);
    const [opponent, opponent2, linked, linkedOpponent, x, y, z] = await Promise.all(
      Array.from({ length: 7 }, () => kit.member('player')),
    );
    if (link === 'device') await kit.linkByDevice(actor, linked);
    else await kit.linkByIp(actor, linked);
    const own = await kit.round(actor, opponent);
    const [own2, ofLinked, other] = await Promise.all([
      kit.round(opponent2, actor),
      kit.round(linked, linkedOpponent),
      kit.round(x, y),
    ]);
    return {
      actor,
      users: { own: actor.user.id, linked: linked.user.id, other: z.user.id },
      withdrawals: {
        own: await kit.heldWithdrawal(actor, 12),
        linked: await kit.heldWithdrawal(linked, 12),
        otherApprove: await kit.heldWithdrawal(x, 12),
        otherReject: await kit.heldWithdrawal(y, 12),
      },
      flags: {
        own: await kit.flag(actor, own.matchId),
        ownRound: await kit.flag(opponent, own.matchId),
        linked: await kit.flag(linked, ofLinked.matchId),
        other: await kit.flag(x, other.matchId),
      },
      disputes: {
        own: await kit.dispute(actor, own.roomId),
        ownRound: await kit.dispute(opponent2, own2.roomId),
        linked: await kit.dispute(linkedOpponent, ofLinked.roomId),
        other: await kit.dispute(y, other.roomId),
      },
      reviews: {
        own: await kit.review(actor, own.matchId),
        ownRound: await kit.review(opponent2, own2.matchId),
        linked: await kit.review(linkedOpponent, ofLinked.matchId),
        other: await kit.review(x, other.matchId),
      },
    };
  }

  it.each(['support', 'admin'] as const)(
    '%s: refused on their own, their rounds and linked accounts; decides others',
    async (role) => {
      const f = fixtures.get(role);
      if (!f) throw new Error('fixture missing');
      const answers: string[] = [];
      for (const route of DECISION_ROUTES) {
        const cells = route.cells(f);
        for (const ownership of OWNERSHIPS) {
          const cell = cells[ownership];
          if (!cell) continue;
          const response = await kit.call(f.actor, cell.method, cell.url, cell.payload);
          const code = response.json<{ code?: string }>().code ?? '';
          answers.push(`${route.name} | ${ownership} | ${response.statusCode} ${code}`);
        }
      }
      const expected = DECISION_ROUTES.flatMap((route) => {
        const cells = route.cells(f);
        return OWNERSHIPS.filter((ownership) => cells[ownership]).map((ownership) => {
          if (route.adminOnly && role === 'support') return `${route.name} | ${ownership} | 403 FORBIDDEN`;
          if (ownership !== 'other account') {
            return `${route.name} | ${ownership} | 403 ${ADMIN_ERROR_CODES.conflictOfInterest}`;
          }
          const status = route.otherStatus ?? 200;
          return `${route.name} | ${ownership} | ${status} ${status === 409 ? FAIR_PLAY_ERROR_CODES.reviewDecided : ''}`;
        });
      });
      expect(answers).toEqual(expected);

      // Nothing refused has changed: the staff member's and the linked account's items are all still waiting.
      const refusedWithdrawals = await sql<{ review_state: string }>(
        testApp.databaseUrl,
        `SELECT review_state FROM wallet_payments WHERE id = ANY($1::uuid[])`,
        [[f.withdrawals.own, f.withdrawals.linked]],
      );
      expect(refusedWithdrawals.map((row) => row.review_state)).toEqual(['held', 'held']);
      const refusedFlags = await sql<{ status: string }>(
        testApp.databaseUrl,
        `SELECT status FROM fair_play_flags WHERE id = ANY($1::uuid[])`,
        [[f.flags.own, f.flags.ownRound, f.flags.linked]],
      );
      expect(refusedFlags.map((row) => row.status)).toEqual(['open', 'open', 'open']);
      const refusedDisputes = await sql<{ status: string }>(
        testApp.databaseUrl,
        `SELECT status FROM match_disputes WHERE id = ANY($1::uuid[])`,
        [[f.disputes.own, f.disputes.ownRound, f.disputes.linked]],
      );
      expect(refusedDisputes.map((row) => row.status)).toEqual(['open', 'open', 'open']);
      const frozen = await sql<{ n: number }>(
        testApp.databaseUrl,
        `SELECT count(*)::int AS n FROM users WHERE id = ANY($1::uuid[]) AND frozen_at IS NOT NULL`,
        [[f.users.own, f.users.linked]],
      );
      expect(frozen[0].n).toBe(0);
    },
  );

  it('frozen staff: every decision route answers 403 ACCOUNT_FROZEN, on any account, their own included', async () => {
    const admin = fixtures.get('admin')?.actor;
    if (!admin) throw new Error('fixture missing');
    const frozen = await kit.member('support');
    expect((await kit.call(admin, 'POST', `/api/admin/users/${frozen.user.id}/freeze`, reason)).statusCode).toBe(200);
    const again = await kit.signIn(frozen);
    const someId = randomUUID();
    const fake: Fixture = {
      actor: again,
      users: { own: frozen.user.id, linked: someId, other: someId },
      withdrawals: { own: someId, linked: someId, otherApprove: someId, otherReject: someId },
      flags: { own: someId, ownRound: someId, linked: someId, other: someId },
      disputes: { own: someId, ownRound: someId, linked: someId, other: someId },
      reviews: { own: someId, ownRound: someId, linked: someId, other: someId },
    };
    for (const route of DECISION_ROUTES) {
      for (const cell of Object.values(route.cells(fake))) {
        const response = await kit.call(again, cell.method, cell.url, cell.payload);
        expect([route.name, response.statusCode, response.json<{ code: string }>().code]).toEqual([
          route.name,
          403,
          ADMIN_ERROR_CODES.accountFrozen,
        ]);
      }
    }
  });
});
