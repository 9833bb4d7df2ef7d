import type { Ack, TournamentAttemptDto, TournamentStandingsChangedDto } from '@skillduel/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { RegisteredUser } from '../../../test/auth-helpers';
import { RedisServer, startRedisServer } from '../../../test/child-server';
import { describeWithRedisServer } from '../../../test/redis-server';
import { createTestDatabase } from '../../../test/test-app';
import { createAppOnDatabase } from '../../../test/wallet-helpers';
import { ClientSocket, connectSocket, nextEvent, request } from '../../rooms/testing/rooms-test-kit';
import { TournamentLifecycleService } from '../tournament-lifecycle.service';
import { playNumberRushAttempt, startAttempt } from '../testing/attempts-test-kit';
import { TournamentsTestKit } from '../testing/tournaments-test-kit';

/**
 * Live standings across instances (Redis adapter): a best score stored by the instance that ran the attempt is pushed
 * to followers of the tournament connected to the other instance, both ways.
 */
describeWithRedisServer('Tournaments: live standings reach followers on another instance', (redisServerPath) => {
  let redis: RedisServer;
  let apps: NestFastifyApplication[] = [];
  let databaseUrl = '';
  const sockets: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer(redisServerPath);
    databaseUrl = await createTestDatabase();
    const env = {
      REDIS_URL: redis.url,
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      RATE_LIMIT_PER_MINUTE: '100000',
      ROOM_SWEEP_INTERVAL_MS: '600000',
      SOCKET_SESSION_CHECK_INTERVAL_MS: '600000',
      TOURNAMENT_SCHEDULER_INTERVAL_MS: '0',
      MATCH_COUNTDOWN_MS: '150',
      MATCH_TIME_LIMIT_OVERRIDE_MS: '2500',
    };
    apps = [await createAppOnDatabase(databaseUrl, env), await createAppOnDatabase(databaseUrl, env)];
    for (const app of apps) await app.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    for (const socket of sockets.splice(0)) socket.close();
    for (const app of apps) await app.close();
    await redis?.stop();
  });

  async function connect(app: NestFastifyApplication, player?: RegisteredUser): Promise<ClientSocket> {
    const socket = await connectSocket(app, { token: player?.accessToken });
    sockets.push(socket);
    return socket;
  }

  it("pushes each new best to the tournament's followers on both instances", async () => {
    const [a, b] = apps;
    const kit = new TournamentsTestKit(a, databaseUrl);
    const [alice, bob] = await kit.players(2, 50);
    const tournament = await kit.create({ rake_bps: 0 });
    for (const player of [alice, bob]) expect((await kit.enter(player, tournament.id)).statusCode).toBe(201);
    expect(await a.get(TournamentLifecycleService).start(tournament.id)).toBe('running');

    // Alice plays on A; a guest following on B sees her standing.
    const aliceOnA = await connect(a, alice);
    const guestOnB = await connect(b);
    for (const socket of [aliceOnA, guestOnB]) {
      expect(await request<Ack<null>>(socket, 'tournament:subscribe', { tournament_id: tournament.id })).toEqual({
        ok: true,
        data: null,
      });
    }
    const aliceShownOnB = nextEvent<TournamentStandingsChangedDto>(
      guestOnB,
      'tournament:standings',
      (event) => event.changed.user_id === alice.user.id,
      20_000,
    );
    const aliceAttempt = (await startAttempt(a, alice, tournament.id)).json<TournamentAttemptDto>();
    await playNumberRushAttempt(aliceOnA, aliceAttempt, 1);
    expect(await aliceShownOnB).toMatchObject({
      tournament_id: tournament.id,
      ranked: 1,
      changed: { rank: 1, score: 10, username: alice.user.username },
    });

    // Bob plays on B and overtakes her; Alice's socket on A is told.
    const bobOnB = await connect(b, bob);
    const bobShownOnA = nextEvent<TournamentStandingsChangedDto>(
      aliceOnA,
      'tournament:standings',
      (event) => event.changed.user_id === bob.user.id,
      20_000,
    );
    const bobAttempt = (await startAttempt(b, bob, tournament.id)).json<TournamentAttemptDto>();
    await playNumberRushAttempt(bobOnB, bobAttempt, 2);
    expect(await bobShownOnA).toMatchObject({ ranked: 2, changed: { rank: 1, score: 20 } });
    await kit.cancel(tournament.id);
  }, 120_000);
});
