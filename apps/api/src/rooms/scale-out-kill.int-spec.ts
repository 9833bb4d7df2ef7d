import type {
  Ack,
  AuthResponse,
  MatchFinishedDto,
  MatchInputAckDto,
  MatchResultEventDto,
  MatchViewDto,
  RoomDto,
  RoomPresenceDto,
} from '@skillduel/contracts';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createClient } from 'redis';
import {
  call,
  ChildServer,
  killAll,
  RedisServer,
  richPlayer,
  startChildServer,
  startRedisServer,
} from '../../test/child-server';
import { sql } from '../../test/db';
import { describeWithRedisServer } from '../../test/redis-server';
import { createTestDatabase } from '../../test/test-app';
import {
  balanceCents,
  ClientSocket,
  connectSocket,
  eventually,
  expectMoneyConsistent,
  nextEvent,
  request,
  watchRoom,
} from './testing/rooms-test-kit';

/** `npm run test:scale-kill` sets 50; CI runs the default. Each run kills an owner, then a forwarding instance. */
const RUNS = Math.max(1, Number(process.env.SCALE_KILL_RUNS ?? 2));

/** Small timings so a dead instance is noticed in about a second (production defaults: 15 s lease, 30 s stale). */
const INSTANCE_ENV = {
  ROOM_OWNER_LEASE_MS: '600',
  ROOM_FORWARD_TIMEOUT_MS: '2000',
  MATCH_HEARTBEAT_INTERVAL_MS: '200',
  MATCH_STALE_AFTER_SECONDS: '1',
  ROOM_SWEEP_INTERVAL_MS: '200',
  RECONNECT_GRACE_SECONDS: '1',
  // Four registrations per run from one IP, shared across instances through Redis.
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
};
/**
 * The bounded times the tests hold the cluster to, from the SIGKILL: stale (1 s) + sweep (0.2 s) for a dead owner;
 * heartbeat lapse (0.6 s) + check (0.2 s) + grace (1 s) for a dead forwarding instance; plus slack for a 2-core
 * machine that also boots the replacement instance meanwhile.
 */
const OWNER_DEATH_BOUND_MS = 8000;
const FORWARDER_DEATH_BOUND_MS = 10_000;
const BET_CENTS = 500n;
const START_CENTS = 10_000n;

const ownerKey = (roomId: string) => `skillduel:rooms:owner:${roomId}`;
const instanceKey = (instanceId: string) => `skillduel:rooms:instance:${instanceId}`;

interface LiveMatchAcrossInstances {
  room: RoomDto;
  alice: AuthResponse;
  bob: AuthResponse;
  aliceSocket: ClientSocket;
  bobSocket: ClientSocket;
  guest: ClientSocket;
  ownerId: string;
}

/**
 * Scale-out under SIGKILL (docs/decisions/0801): two real server processes on one PostgreSQL and one Redis.
 * Alice plays on the instance that owns the room, Bob and a spectator on the other one (their requests forwarded).
 * - The owner dies: the round is voided and both stakes refunded exactly once within a bounded time, the sockets on
 *   the surviving instance are told, and the room works again there (it becomes the owner).
 * - The forwarding instance dies: the owner notices through the instance heartbeat, runs Bob's reconnect grace
 *   period, then Alice wins by forfeit (docs/decisions/0602), settled exactly once.
 * Every run checks the ledger's invariants; the last test runs `ledger:check` itself on the database.
 */
describeWithRedisServer('scale-out: an instance killed with SIGKILL mid-match', (redisServer) => {
  let redis: RedisServer;
  let redisClient: ReturnType<typeof createClient>;
  let databaseUrl: string;
  let servers: ChildServer[] = [];
  const sockets: ClientSocket[] = [];
  const timings = { ownerDeathToVoidMs: [] as number[], forwarderDeathToForfeitMs: [] as number[] };

  const startInstance = () => startChildServer({ ...INSTANCE_ENV, DATABASE_URL: databaseUrl, REDIS_URL: redis.url });

  beforeAll(async () => {
    redis = await startRedisServer(redisServer);
    redisClient = createClient({ url: redis.url });
    await redisClient.connect();
    databaseUrl = await createTestDatabase();
    servers = await Promise.all([startInstance(), startInstance()]);
  }, 60_000);

  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.close();
  });

  afterAll(async () => {
    await killAll(servers);
    await redisClient?.quit().catch(() => undefined);
    await redis?.stop();
    const summary = (values: number[]) =>
      values.length
        ? `max ${Math.max(...values)} ms, mean ${Math.round(values.reduce((a, b) => a + b, 0) / values.length)} ms`
        : '-';
    process.stderr.write(
      `scale-out-kill: ${RUNS} run(s); owner SIGKILL → round voided: ${summary(timings.ownerDeathToVoidMs)}; ` +
        `forwarding instance SIGKILL → forfeit settled: ${summary(timings.forwarderDeathToForfeitMs)}\n`,
    );
  }, 30_000);

  async function connect(server: ChildServer, token?: string): Promise<ClientSocket> {
    const socket = await connectSocket(server.baseUrl, token ? { token } : {});
    sockets.push(socket);
    return socket;
  }

  async function matchRows(roomId: string) {
    return sql<{ round: number; status: string; outcome: string | null; instance_id: string; tx: string | null }>(
      databaseUrl,
      `SELECT round, status, outcome, instance_id, settlement_transaction_id AS tx FROM matches
        WHERE room_id = $1 ORDER BY round`,
      [roomId],
    );
  }

  /** The round's money moved exactly once: one settlement transaction (its idempotency key), both stakes released by it. */
  async function expectSettledOnce(roomId: string, round: number, kind: 'refund' | 'win'): Promise<void> {
    const roundKey = `room:${roomId}:round:${round}:`;
    const transactions = await sql<{ id: string; kind: string; key: string }>(
      databaseUrl,
      `SELECT id, kind, idempotency_key AS key FROM ledger_transactions WHERE idempotency_key LIKE $1 || '%'`,
      [roundKey],
    );
    const bets = transactions.filter((tx) => tx.kind === 'bet');
    const releases = transactions.filter((tx) => tx.kind !== 'bet');
    expect(bets).toHaveLength(2);
    expect(releases.map((tx) => [tx.kind, tx.key])).toEqual([[kind, `${roundKey}settle`]]);
    const stakes = await sql<{ state: string; release: string | null }>(
      databaseUrl,
      `SELECT state, release_transaction_id AS release FROM room_stakes WHERE room_id = $1 AND round = $2`,
      [roomId, round],
    );
    expect(stakes).toEqual([
      { state: kind === 'refund' ? 'refunded' : 'settled', release: releases[0].id },
      { state: kind === 'refund' ? 'refunded' : 'settled', release: releases[0].id },
    ]);
    const match = (await matchRows(roomId)).find((row) => row.round === round);
    expect(match?.tx).toBe(releases[0].id);
  }

  /** A money match whose room `owner` runs, with Bob and a guest spectator on `forwarder`, in play. */
  async function liveMatch(owner: ChildServer, forwarder: ChildServer): Promise<LiveMatchAcrossInstances> {
    const [alice, bob] = await Promise.all([richPlayer(owner.baseUrl, 'ka'), richPlayer(forwarder.baseUrl, 'kb')]);
    const room = await call<RoomDto>(owner.baseUrl, 'POST', '/api/rooms', alice.access_token, {
      game_id: 'number-rush',
      bet_amount: Number(BET_CENTS) / 100,
    });
    await call(forwarder.baseUrl, 'POST', `/api/rooms/${room.id}/join`, bob.access_token, {});

    // Alice's room:join is the first: her instance takes the room's lease and runs it.
    const aliceSocket = await connect(owner, alice.access_token);
    expect(await redisClient.get(ownerKey(room.id))).toBeNull();
    expect((await watchRoom(aliceSocket, room.id)).your_seat).toBe(0);
    const ownerId = await redisClient.get(ownerKey(room.id));
    expect(ownerId).toEqual(expect.any(String));
    const bobSocket = await connect(forwarder, bob.access_token);
    expect((await watchRoom(bobSocket, room.id)).your_seat).toBe(1);
    const guest = await connect(forwarder);
    expect((await watchRoom(guest, room.id)).your_seat).toBeNull();
    expect(await redisClient.get(ownerKey(room.id))).toBe(ownerId);

    const bobView = nextEvent<MatchViewDto>(bobSocket, 'match:view', (view) => view.room_id === room.id, 10_000);
    for (const socket of [aliceSocket, bobSocket]) {
      expect(await request<Ack<null>>(socket, 'match:ready', { room_id: room.id })).toEqual({ ok: true, data: null });
    }
    await bobView;
    // Mid-match: Bob's input crosses to the owner and is answered from there.
    const input = await request<Ack<MatchInputAckDto>>(bobSocket, 'match:input', {
      room_id: room.id,
      input: { type: 'answer', value: -1 },
    });
    expect(input.ok).toBe(true);
    // The row turns 'playing' just after play begins (written without holding up the start).
    await eventually(async () => (await matchRows(room.id))[0]?.status === 'playing', 5000, 'round 1 playing');
    expect(await matchRows(room.id)).toEqual([expect.objectContaining({ round: 1, instance_id: ownerId })]);
    expect(await balanceCents(databaseUrl, alice.user.id)).toBe(START_CENTS - BET_CENTS);
    expect(await balanceCents(databaseUrl, bob.user.id)).toBe(START_CENTS - BET_CENTS);
    return { room, alice, bob, aliceSocket, bobSocket, guest, ownerId: ownerId as string };
  }

  for (let run = 1; run <= RUNS; run++) {
    it(`run ${run}/${RUNS}: the owner dies → the round is voided and refunded once, the room works again on the survivor`, async () => {
      const [owner, survivor] = servers;
      const { room, alice, bob, bobSocket, guest, ownerId } = await liveMatch(owner, survivor);
      const bobFinished = nextEvent<MatchFinishedDto>(
        bobSocket,
        'match:finished',
        (event) => event.room_id === room.id,
        OWNER_DEATH_BOUND_MS + 5000,
      );
      const guestFinished = nextEvent<MatchFinishedDto>(
        guest,
        'match:finished',
        (event) => event.room_id === room.id,
        OWNER_DEATH_BOUND_MS + 5000,
      );
      const bobResult = nextEvent<MatchResultEventDto>(
        bobSocket,
        'match:result',
        (event) => event.room_id === room.id,
        OWNER_DEATH_BOUND_MS + 5000,
      );

      const killedAt = Date.now();
      await owner.stop('SIGKILL');
      const replacement = startInstance();
      try {
        await eventually(
          async () => (await matchRows(room.id))[0]?.status !== 'playing',
          OWNER_DEATH_BOUND_MS,
          'the dead owner’s round to be closed',
        );
        timings.ownerDeathToVoidMs.push(Date.now() - killedAt);

        // Voided (nothing can be decided without the owner's inputs), both stakes back, once.
        expect(await matchRows(room.id)).toEqual([
          expect.objectContaining({ round: 1, status: 'void', outcome: 'void' }),
        ]);
        expect(await balanceCents(databaseUrl, alice.user.id)).toBe(START_CENTS);
        expect(await balanceCents(databaseUrl, bob.user.id)).toBe(START_CENTS);
        await expectSettledOnce(room.id, 1, 'refund');
        await expectMoneyConsistent(databaseUrl);

        // The sockets on the surviving instance watched through the dead owner: they are told from there.
        expect((await bobFinished).result).toMatchObject({ round: 1, outcome: 'void', reason: 'void' });
        expect((await guestFinished).result.outcome).toBe('void');
        expect((await bobResult).result).toMatchObject({ winner: 'void', refunded: Number(BET_CENTS) / 100 });

        // Once the dead owner's lease lapsed, the room is usable again: the survivor loads it and becomes its owner.
        await eventually(
          async () =>
            (await redisClient.get(ownerKey(room.id))) === null &&
            (await redisClient.exists(instanceKey(ownerId))) === 0,
          5000,
          'the dead owner’s room lease and heartbeat to lapse',
        );
        // Bob's socket is the one that watched through the dead owner: it rejoins as it is, no reconnect needed.
        const bobAgain = bobSocket;
        const aliceAgain = await connect(survivor, alice.access_token);
        const rejoined = await watchRoom(bobAgain, room.id);
        expect(rejoined).toMatchObject({ your_seat: 1, phase: 'finished' });
        expect(rejoined.room.status).toBe('finished');
        const newOwner = await redisClient.get(ownerKey(room.id));
        expect(newOwner).not.toBeNull();
        expect(newOwner).not.toBe(ownerId);
        expect(await redisClient.exists(instanceKey(newOwner as string))).toBe(1);
        expect((await watchRoom(aliceAgain, room.id)).your_seat).toBe(0);

        // Play Again → round 2 runs on the new owner; Alice leaves mid-play and forfeits: paid once, to Bob.
        for (const socket of [aliceAgain, bobAgain]) {
          expect(await request<Ack<null>>(socket, 'match:play_again', { room_id: room.id })).toEqual({
            ok: true,
            data: null,
          });
        }
        const started = nextEvent(bobAgain, 'match:started', () => true, 10_000);
        for (const socket of [aliceAgain, bobAgain]) {
          expect(await request<Ack<null>>(socket, 'match:ready', { room_id: room.id })).toEqual({
            ok: true,
            data: null,
          });
        }
        await started;
        await eventually(async () => (await matchRows(room.id))[1]?.status === 'playing', 5000, 'round 2 playing');
        expect((await matchRows(room.id))[1]).toMatchObject({ round: 2, instance_id: newOwner });
        const bobWon = nextEvent<MatchResultEventDto>(
          bobAgain,
          'match:result',
          (event) => event.result.round === 2,
          10_000,
        );
        await call(survivor.baseUrl, 'POST', `/api/rooms/${room.id}/leave`, alice.access_token, {});
        expect((await bobWon).result).toMatchObject({ winner: 'player', reason: 'forfeit' });
        await expectSettledOnce(room.id, 2, 'win');
        expect(await balanceCents(databaseUrl, alice.user.id)).toBe(START_CENTS - BET_CENTS);
        expect(await balanceCents(databaseUrl, bob.user.id)).toBe(START_CENTS + BET_CENTS);
        await expectMoneyConsistent(databaseUrl);
      } finally {
        servers = [survivor, await replacement];
      }
    }, 60_000);

    it(`run ${run}/${RUNS}: the forwarding instance dies → the owner runs the grace period, then the opponent wins by forfeit`, async () => {
      const [owner, forwarder] = servers;
      const { room, alice, bob, aliceSocket } = await liveMatch(owner, forwarder);
      const graceStarted = nextEvent<RoomPresenceDto>(
        aliceSocket,
        'room:presence',
        (presence) => presence.players[1]?.connected === false && presence.players[1]?.grace_ends_at !== null,
        FORWARDER_DEATH_BOUND_MS,
      );
      const spectatorGone = nextEvent<RoomPresenceDto>(
        aliceSocket,
        'room:presence',
        (presence) => presence.spectators === 0,
        FORWARDER_DEATH_BOUND_MS,
      );
      const aliceResult = nextEvent<MatchResultEventDto>(
        aliceSocket,
        'match:result',
        (event) => event.room_id === room.id,
        FORWARDER_DEATH_BOUND_MS + 5000,
      );

      const killedAt = Date.now();
      await forwarder.stop('SIGKILL');
      const replacement = startInstance();
      try {
        // The owner learns of the dead instance's sockets from its lapsed heartbeat: Bob's seat empties (grace
        // period), the spectator is no longer counted.
        const presence = await graceStarted;
        await spectatorGone;
        const graceEndsAt = presence.players[1]?.grace_ends_at as number;
        expect(graceEndsAt).toBeGreaterThan(killedAt);

        const result = (await aliceResult).result;
        const forfeitAt = Date.now();
        timings.forwarderDeathToForfeitMs.push(forfeitAt - killedAt);
        expect(forfeitAt - killedAt).toBeLessThanOrEqual(FORWARDER_DEATH_BOUND_MS);
        // Not before the grace period ran out (0602: back within it, the match goes on).
        expect(forfeitAt).toBeGreaterThanOrEqual(graceEndsAt - 50);
        expect(result).toMatchObject({ winner: 'player', reason: 'forfeit', earnings: (2 * Number(BET_CENTS)) / 100 });

        expect(await matchRows(room.id)).toEqual([
          expect.objectContaining({ round: 1, status: 'finished', outcome: 'player1' }),
        ]);
        await expectSettledOnce(room.id, 1, 'win');
        expect(await balanceCents(databaseUrl, alice.user.id)).toBe(START_CENTS + BET_CENTS);
        expect(await balanceCents(databaseUrl, bob.user.id)).toBe(START_CENTS - BET_CENTS);
        await expectMoneyConsistent(databaseUrl);
      } finally {
        servers = [owner, await replacement];
      }
    }, 60_000);
  }

  it('`ledger:check` passes on the database after every run', () => {
    const root = resolve(__dirname, '../../../..');
    const check = spawnSync(process.execPath, [resolve(root, 'tools/ledger-check.mjs')], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    expect({ status: check.status, stderr: check.stderr }).toEqual({ status: 0, stderr: '' });
  }, 30_000);
});
