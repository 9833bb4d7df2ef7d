// Live matches over socket.io-client: two players get a room (one creates and the other joins, or both ask for a
// quick match), watch it, press Start and play real inputs at a human pace until the round ends; some drop their
// socket mid-round and come back (within the reconnect grace, or after it and forfeit), some play again. Every socket
// request's outcome is recorded like the REST ones: accepted (ack ok), refused (ack error) or unknown (no ack).
import { io } from 'socket.io-client';
import { loadNumberRush } from '../number-rush.mjs';
import { operate } from './workload.mjs';
import { call } from './http.mjs';
import { sleep, toCents } from './util.mjs';

/** CLIENT_EVENTS / SERVER_EVENTS of libs/contracts realtime.ts. */
const EVENTS = {
  join: 'room:join',
  leave: 'room:leave',
  ready: 'match:ready',
  playAgain: 'match:play_again',
  input: 'match:input',
  state: 'room:state',
  view: 'match:view',
  result: 'match:result',
  started: 'match:started',
  scores: 'match:scores',
};

// The engine's own functions (libs/games, loaded with jiti), so the soak's players follow the floors the server uses.
const { numberRushMinAnswerMs, solveArithmetic } = await loadNumberRush();

/** A socket with a fresh connection; null when the server does not take it within 5 s. */
function connect(baseUrl, token) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token },
    reconnection: false,
    forceNew: true,
    timeout: 5000,
  });
  return new Promise((resolveSocket) => {
    // A server that dies between the transport's open and the namespace's CONNECT answer makes socket.io-client emit
    // neither `connect` nor `connect_error`: the soak's own deadline gives up on it.
    const giveUp = () => {
      clearTimeout(timer);
      socket.close();
      resolveSocket(null);
    };
    const timer = setTimeout(giveUp, 8000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolveSocket(socket);
    });
    socket.once('connect_error', giveUp);
    socket.once('disconnect', giveUp);
  });
}

/** Emits with an ack; records the outcome (accepted / refused / unknown) and resolves with the ack or null. */
function request(context, player, socket, event, payload) {
  player.step = `socket ${event} ${payload.room_id}`;
  return new Promise((resolveAck) => {
    socket.timeout(5000).emit(event, payload, (error, ack) => {
      const outcome = error ? 'unknown' : ack?.ok ? 'accepted' : 'refused';
      context.socketOutcomes[outcome]++;
      // Refusals by event and code, so that a run shows which are expected (an input after the round ended) and which
      // are not.
      if (outcome === 'refused') {
        const key = `${event} ${ack?.error?.code ?? 'no code'}`;
        const count = (context.socketRefusals.get(key) ?? 0) + 1;
        context.socketRefusals.set(key, count);
        // The first of each kind, with where and when, to find it in the stack's log.
        if (count === 1) {
          const at = new Date().toISOString().slice(11, 23);
          context.firstRefusals.push(`${key} at ${at} (${player.username} on ${socket.io.uri}, ${payload.room_id})`);
        }
      }
      if (event === EVENTS.playAgain) player.socketOps.push({ event, roomId: payload.room_id, outcome });
      resolveAck(error ? null : ack);
    });
  });
}

/**
 * One player's seat in a live room until the room is over for them: (re)connects, watches, readies, plays, and
 * after a round either plays again (`playAgainRounds` times) or leaves. Returns when the room is finished and not
 * played again, cancelled, or `deadline` passed (the server's timers settle whatever is left).
 */
async function sit(context, player, roomId, { playAgainRounds, deadline }) {
  const { baseUrls } = context;
  let socket = null;
  let state = null;
  let view = null;
  let viewAt = 0;
  let seat = null;
  let roundsPlayed = 0;
  let dropUntil = 0;
  let leaving = false;
  let waitingSince = null;
  let plannedRound = null;
  let dropAt = Infinity;
  const attach = (fresh) => {
    fresh.on(EVENTS.state, (payload) => payload.room?.id === roomId && (state = payload));
    // room:state is sent on status changes; the start of play and the players' statuses come as their own events.
    fresh.on(EVENTS.started, (payload) => {
      if (payload.room_id === roomId && state?.match) state = { ...state, phase: 'playing', match: { ...state.match } };
    });
    fresh.on(EVENTS.scores, (payload) => {
      if (payload.room_id === roomId && state?.match) {
        state = { ...state, match: { ...state.match, statuses: payload.statuses } };
      }
    });
    fresh.on(EVENTS.view, (payload) => {
      if (payload.room_id !== roomId) return;
      view = payload.view;
      viewAt = Date.now();
    });
    fresh.on(EVENTS.result, (payload) => {
      if (payload.room_id === roomId) player.seenResults.set(`${roomId}:${payload.result.round}`, payload.result);
    });
  };
  try {
    while (Date.now() < deadline) {
      if (!socket?.connected) {
        socket?.close();
        socket = null;
        if (Date.now() < dropUntil) {
          await sleep(200);
          continue;
        }
        player.step = `connecting for ${roomId}`;
        const fresh = await connect(player.rng.pick(baseUrls), player.token);
        if (!fresh) {
          await sleep(500);
          continue;
        }
        attach(fresh);
        const joined = await request(context, player, fresh, EVENTS.join, { room_id: roomId });
        if (!joined?.ok) {
          fresh.close();
          // Not this player's room any more (left, cancelled); UNAVAILABLE (its server did not answer) is retried.
          if (joined && !joined.ok && joined.error?.code !== 'UNAVAILABLE') return;
          await sleep(500);
          continue;
        }
        socket = fresh;
        state = joined.data;
        seat = joined.data.your_seat;
        if (seat === null) return;
        player.roomSeats.set(roomId, seat);
      }
      const phase = state?.phase;
      const status = state?.room?.status;
      player.step = `in ${roomId}: ${status}/${phase}`;
      if (status === 'cancelled' || (leaving && status !== 'playing')) break;
      waitingSince = phase === 'waiting' ? (waitingSince ?? Date.now()) : null;
      if (waitingSince !== null && Date.now() - waitingSince > 6000) {
        // Nobody came (a quick match that paired elsewhere, an opponent who left): leave, the stake comes back.
        await operate(context, player, { kind: 'leave', path: `/rooms/${roomId}/leave`, body: {} });
        break;
      }
      if (phase === 'playing' && state.match?.round !== plannedRound) {
        plannedRound = state.match?.round;
        dropAt = player.rng.next() < 0.25 ? Date.now() + player.rng.int(500, 5000) : Infinity;
      }
      // Ask for the room's state again: after INVALID_STATE (the round ended but its state has not reached this
      // socket) or NOT_WATCHING (the server forgot this socket after a stall or a room hand-over; as the web does).
      const rejoinAfter = async (ack) => {
        if (!ack || ack.ok || !['INVALID_STATE', 'NOT_WATCHING'].includes(ack.error?.code)) return;
        const joined = await request(context, player, socket, EVENTS.join, { room_id: roomId });
        if (joined?.ok) state = joined.data;
      };
      if (phase === 'ready' && !state.ready[seat]) {
        await rejoinAfter(await request(context, player, socket, EVENTS.ready, { room_id: roomId }));
        await sleep(300);
      } else if (phase === 'playing' && state.match?.statuses?.[seat] === 'playing') {
        // Mid-round drops: back within the reconnect grace (usually), or after it (a forfeit).
        if (Date.now() >= dropAt) {
          dropAt = Infinity;
          const longDrop = player.rng.next() < 0.25;
          dropUntil = Date.now() + (longDrop ? context.reconnectGraceMs + 1500 : player.rng.int(500, 2500));
          context.drops[longDrop ? 'forfeit' : 'back']++;
          socket.close();
          continue;
        }
        await rejoinAfter(await playOneInput(context, player, socket, roomId, () => ({ view, viewAt })));
      } else if (status === 'finished' && phase === 'finished') {
        roundsPlayed++;
        if (roundsPlayed <= playAgainRounds && !state.play_again[seat]) {
          const ack = await request(context, player, socket, EVENTS.playAgain, { room_id: roomId });
          if (!ack?.ok) leaving = true;
          await sleep(1000);
        } else if (roundsPlayed > playAgainRounds) break;
        else await sleep(300);
      } else await sleep(150);
    }
  } finally {
    if (socket?.connected) await request(context, player, socket, EVENTS.leave, { room_id: roomId });
    socket?.close();
  }
}

/**
 * One input at a human pace: number-rush answers after the human floor plus thinking time; clicks at ≤ 8/s. Resolves
 * with the input's ack (null when nothing was sent or no ack came).
 */
async function playOneInput(context, player, socket, roomId, current) {
  const { view, viewAt } = current();
  const game = view?.game ?? view;
  if (game?.question) {
    // One answer per question: a view that does not change after the answer (refused, or the round ended and its
    // state has not arrived yet) must not be answered again at once, or the player floods (RATE_LIMITED).
    if (player.answeredViewAt === viewAt) {
      await sleep(150);
      return null;
    }
    player.answeredViewAt = viewAt;
    const right = solveArithmetic(game.question);
    const floorMs = numberRushMinAnswerMs(game.question, right);
    await sleep(Math.max(0, viewAt + floorMs + player.rng.int(400, 1600) - Date.now()));
    if (current().viewAt !== viewAt) return null; // a newer view arrived (reconnect): answer that one
    const value = player.rng.next() < 0.85 ? right : right + 1;
    context.inputs++;
    return request(context, player, socket, EVENTS.input, { room_id: roomId, input: { type: 'answer', value } });
  }
  if (game && 'remainingClicks' in game) {
    await sleep(player.rng.int(130, 320));
    context.inputs++;
    return request(context, player, socket, EVENTS.input, { room_id: roomId, input: { type: 'click' } });
  }
  await sleep(150);
  return null;
}

/** A pair of live players: rooms created and joined, or quick-matched, then played over sockets, until `endAt`. */
export async function livePair(context, [first, second]) {
  const { liveGames, liveBetDollars } = context;
  while (Date.now() < context.endAt - 5000 || !context.faultsDone) {
    const endAt = Math.max(context.endAt, Date.now());
    const game = first.rng.pick(liveGames);
    if (first.rng.next() < 0.3) {
      // Quick match: the first one in creates (201), the second joins it (200) — or any other waiting room.
      const body = { game_id: game.id, bet_amount: liveBetDollars };
      const a = await operate(context, first, { kind: 'quick', path: '/rooms/quick-match', body });
      const b = await operate(context, second, { kind: 'quick', path: '/rooms/quick-match', body: { ...body } });
      const seated = [
        [first, a],
        [second, b],
      ].filter(([, op]) => op.status === 200 || op.status === 201);
      if (seated.length < 2) await fund(context, a.status >= 400 ? first : second);
      const options = { playAgainRounds: 0, deadline: endAt + 20_000 };
      await Promise.all(seated.map(([player, op]) => sit(context, player, op.body.response.room.id, options)));
      continue;
    }
    const created = await operate(context, first, {
      kind: 'create',
      path: '/rooms',
      body: { game_id: game.id, bet_amount: liveBetDollars },
    });
    if (created.status !== 201) {
      await fund(context, first);
      continue;
    }
    const roomId = created.body.response.id;
    const joined = await operate(context, second, { kind: 'join', path: `/rooms/${roomId}/join`, body: {} });
    if (joined.status !== 200) {
      await fund(context, second);
      await operate(context, first, { kind: 'leave', path: `/rooms/${roomId}/leave`, body: {} });
      continue;
    }
    const playAgainRounds = first.rng.next() < 0.4 ? 1 : 0;
    const deadline = endAt + 20_000;
    await Promise.all([
      sit(context, first, roomId, { playAgainRounds, deadline }),
      sit(context, second, roomId, { playAgainRounds, deadline }),
    ]);
  }
}

/** A deposit big enough for a few more stakes (a live player out of money). */
async function fund(context, player) {
  const amount = `${player.rng.int(20, 60)}.${String(player.rng.int(0, 99)).padStart(2, '0')}`;
  await operate(context, player, {
    kind: 'deposit',
    path: '/transactions/deposit',
    body: { amount, payment_method: 'card' },
  });
}

/**
 * After the run, every round of every room a player sat in, from the server's replay: the player's net (payout −
 * stake; −stake while held for review; 0 on a tie or void) — from the result the client saw itself when it saw one
 * (checked against the replay), else resolved from the replay (an "unknown" round: the socket died first).
 */
export async function resolveRounds(context) {
  const { stats, baseUrl, players } = context;
  const figures = { rounds: 0, seen: 0, resolved: 0, held: 0, mismatches: [] };
  for (const player of players) {
    player.roundNetCents = 0n;
    const rooms = new Set(
      player.ops
        .filter((op) => ['create', 'join', 'quick'].includes(op.kind) && op.status >= 200 && op.status < 300)
        .map((op) => op.body.response.room?.id ?? op.body.response.id),
    );
    for (const roomId of rooms) {
      const view = await call(
        stats,
        baseUrl,
        { method: 'GET', path: `/rooms/${roomId}`, token: player.token },
        Date.now() + 60_000,
      );
      const seat = player.roomSeats.get(roomId) ?? view.body?.your_seat ?? null;
      for (let round = 1; round <= (view.body?.round ?? 0); round++) {
        const replay = await call(
          stats,
          baseUrl,
          { method: 'GET', path: `/rooms/${roomId}/rounds/${round}` },
          Date.now() + 60_000,
        );
        if (replay.status !== 200) continue; // a round whose countdown never began (Play Again then expiry)
        if (seat === null) {
          figures.mismatches.push(`${player.username} played ${roomId} round ${round} without a known seat`);
          continue;
        }
        const { result } = replay.body;
        const betCents = toCents(view.body.bet_amount);
        const winner = result.outcome === (seat === 0 ? 'player1' : 'player2');
        let netCents = 0n;
        if (result.payout_held) netCents = -betCents;
        else if (result.outcome === 'player1' || result.outcome === 'player2')
          netCents = (winner ? toCents(result.payout) : 0n) - betCents;
        figures.rounds++;
        if (result.payout_held) figures.held++;
        const seen = player.seenResults.get(`${roomId}:${round}`);
        if (seen) {
          figures.seen++;
          const seenNetCents = toCents(seen.earnings) + toCents(seen.refunded) - betCents;
          if (seenNetCents !== netCents) {
            figures.mismatches.push(
              `${player.username} ${roomId} round ${round}: saw ${seenNetCents}, stored ${netCents}`,
            );
          }
        } else figures.resolved++;
        player.roundNetCents += netCents;
      }
    }
  }
  return figures;
}
