// The seeded client workload: players register, then deposit, withdraw (some over the balance), create, join and
// leave rooms, each POST with its own Idempotency-Key, retried with the same key until answered. Every client-side
// outcome is kept on the player (`ops`): accepted (2xx), refused (4xx) or unknown (no answer yet, status 0).
import { randomUUID } from 'node:crypto';
import { call } from './http.mjs';
import { rng, sleep } from './util.mjs';

/** Registers `count` players (eligible to bet) before the faults start. */
export async function registerPlayers({ stats, baseUrl, seed, count }) {
  const players = [];
  for (let index = 0; index < count; index++) {
    const username = `chaos${seed % 100000}p${index}`;
    const password = 'chaos-password-1';
    const registered = await call(
      stats,
      baseUrl,
      {
        method: 'POST',
        path: '/auth/register',
        body: { username, email: `${username}@example.com`, password, confirmPassword: password },
      },
      Date.now() + 60_000,
    );
    if (registered.status !== 201) throw new Error(`register ${username}: ${registered.status}`);
    const token = registered.body.access_token;
    await call(
      stats,
      baseUrl,
      {
        method: 'PUT',
        path: '/users/me/eligibility',
        token,
        body: { date_of_birth: '1990-05-17', country: 'MX', accept_terms: true },
      },
      Date.now() + 60_000,
    );
    players.push({
      index,
      username,
      userId: registered.body.user.id,
      token,
      ops: [],
      openRooms: [],
      /** Live play: seat per room, the match:result events seen (room:round → GameResultDto), Play Again outcomes. */
      roomSeats: new Map(),
      seenResults: new Map(),
      socketOps: [],
      rng: rng(seed * 31 + index),
    });
  }
  return players;
}

/** One money operation through `call`, recorded on the player with its outcome. */
export async function operate(context, player, op) {
  op.key ??= randomUUID();
  // One in ten: the connection drops mid-request and the client retries with the same key.
  const dropAfterMs = player.rng.next() < 0.1 ? player.rng.int(2, 40) : undefined;
  player.step = `POST ${op.path}`;
  const answer = await call(
    context.stats,
    player.rng.pick(context.baseUrls),
    { method: 'POST', path: op.path, token: player.token, body: op.body, key: op.key, dropAfterMs },
    Date.now() + 60_000,
  );
  context.stats.operations++;
  op.status = answer.status;
  op.body = { request: op.body, response: answer.body };
  player.ops.push(op);
  return op;
}

/** The REST loop of one player until `endAt`. */
export async function restPlayer(context, player) {
  const { players, game, betDollars } = context;
  // Until the end, and until the last fault is in (a kill after COMMIT needs money moving to fire).
  while (Date.now() < context.endAt || !context.faultsDone) {
    const roll = player.rng.next();
    const cents = () => (player.rng.next() < 0.1 ? 13 : player.rng.int(0, 99));
    let op;
    if (roll < 0.35) {
      const amount = `${player.rng.int(5, 150)}.${String(cents()).padStart(2, '0')}`;
      op = { kind: 'deposit', path: '/transactions/deposit', body: { amount, payment_method: 'card' } };
    } else if (roll < 0.6) {
      let centsPart = player.rng.int(0, 99);
      if (centsPart === 13) centsPart = 14; // a declined payout would be refunded later; kept out of the accounting
      const amount = `${player.rng.int(10, 200)}.${String(centsPart).padStart(2, '0')}`;
      op = { kind: 'withdraw', path: '/transactions/withdraw', body: { amount, payment_method: 'card' } };
    } else if (roll < 0.8 || player.openRooms.length === 0) {
      op = { kind: 'create', path: '/rooms', body: { game_id: game.id, bet_amount: betDollars } };
    } else if (roll < 0.9) {
      const other = players[(player.index + player.rng.int(1, players.length - 1)) % players.length];
      const roomId = other.openRooms[0];
      if (!roomId) continue;
      op = { kind: 'join', path: `/rooms/${roomId}/join`, body: {} };
    } else {
      op = { kind: 'leave', path: `/rooms/${player.openRooms.shift()}/leave`, body: {} };
    }
    await operate(context, player, op);
    if (op.kind === 'create' && op.status === 201) {
      player.openRooms.push(op.body.response.id ?? op.body.response.room?.id);
    }
    await sleep(player.rng.int(20, 200));
  }
}

/** Every operation without an answer is resolved by its key: answered from the stored answer, or run now. */
export async function resolveUnknowns({ stats, baseUrl, players }) {
  for (const player of players) {
    for (const op of player.ops.filter((candidate) => candidate.status === 0)) {
      const answer = await call(
        stats,
        baseUrl,
        { method: 'POST', path: op.path, token: player.token, body: op.body.request, key: op.key },
        Date.now() + 120_000,
      );
      op.status = answer.status;
      op.body.response = answer.body;
      stats.unknownResolved++;
    }
  }
}
