import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type {
  Ack,
  ClientToServerEvents,
  MatchFinishedDto,
  MatchInputAckDto,
  MatchViewDto,
  RealtimeAuth,
  RoomJoinedDto,
  ServerToClientEvents,
} from '@skillduel/contracts';
import type { NumberRushView, PlayerView } from '@skillduel/games';
import { REALTIME_PATH } from '@skillduel/contracts';
import { numberRushMinAnswerMs, solveArithmetic } from '@skillduel/games';
import { randomUUID } from 'node:crypto';
import { AddressInfo } from 'node:net';
import { io, Socket } from 'socket.io-client';
import { bearer, RegisteredUser, registerUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import { expectLedgerConsistent, withClient } from '../../../test/wallet-helpers';
import { checkRoomEscrowInvariants } from '../room-escrow-invariants';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A registered user with money in their wallet. */
export async function playerWithBalance(app: NestFastifyApplication, dollars: number): Promise<RegisteredUser> {
  const player = await registerUser(app);
  if (dollars > 0) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/transactions/deposit',
      headers: bearer(player.accessToken),
      payload: { amount: dollars, payment_method: 'card' },
    });
    if (response.statusCode !== 201) throw new Error(`deposit failed: ${response.statusCode} ${response.body}`);
  }
  return player;
}

export async function balanceCents(databaseUrl: string, userId: string): Promise<bigint> {
  const rows = await sql<{ balance: string }>(
    databaseUrl,
    `SELECT coalesce((SELECT balance_cents FROM ledger_accounts WHERE kind = 'user_wallet' AND user_id = $1), 0)::text AS balance`,
    [userId],
  );
  return BigInt(rows[0].balance);
}

export async function escrowCents(databaseUrl: string): Promise<bigint> {
  const rows = await sql<{ balance: string }>(
    databaseUrl,
    // Escrow is split into sub-accounts (decision 2801): its balance is their sum.
    `SELECT coalesce(sum(balance_cents), 0)::text AS balance FROM ledger_accounts WHERE kind = 'escrow'`,
  );
  return BigInt(rows[0].balance);
}

/** The ledger's invariants (`ledger:check`) and the rooms' escrow invariants both hold. */
export async function expectMoneyConsistent(databaseUrl: string): Promise<void> {
  await expectLedgerConsistent(databaseUrl);
  const report = await withClient(databaseUrl, (client) => checkRoomEscrowInvariants(client));
  if (!report.ok) throw new Error(`room escrow invariants violated:\n${report.problems.join('\n')}`);
}

/** A snapshot of everything a refused request must leave unchanged. */
export async function moneySnapshot(databaseUrl: string): Promise<Record<string, number>> {
  const rows = await sql<Record<string, number>>(
    databaseUrl,
    `SELECT (SELECT count(*) FROM rooms)::int AS rooms, (SELECT count(*) FROM room_stakes)::int AS stakes,
            (SELECT count(*) FROM ledger_transactions)::int AS transactions,
            (SELECT count(*) FROM matches)::int AS matches,
            (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE kind <> 'provider_clearing')::int AS held`,
  );
  return rows[0];
}

export function appUrl(app: NestFastifyApplication): string {
  const address = app.getHttpServer().address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

/** A socket.io-client connected to the app (token = signed in; none = guest spectator). Resolves once connected. */
export function connectSocket(
  target: NestFastifyApplication | string,
  options: { token?: string; guestId?: string; extraHeaders?: Record<string, string>; transports?: string[] } = {},
): Promise<ClientSocket> {
  const auth: RealtimeAuth = options.token
    ? { token: options.token }
    : options.guestId
      ? { guest_id: options.guestId }
      : {};
  const socket: ClientSocket = io(typeof target === 'string' ? target : appUrl(target), {
    path: REALTIME_PATH,
    transports: options.transports ?? ['websocket'],
    auth,
    reconnection: false,
    forceNew: true,
    extraHeaders: options.extraHeaders,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}

/** Emits with an ack and resolves with the ack's response. */
export function request<T = unknown>(socket: ClientSocket, event: string, payload?: unknown): Promise<T> {
  return new Promise((resolve) => {
    (socket.emit as (event: string, ...args: unknown[]) => void)(event, payload, (response: T) => resolve(response));
  });
}

/** `room:join` over the socket; resolves with what the server answers a watcher, throws on a refusal. */
export async function watchRoom(socket: ClientSocket, roomId: string): Promise<RoomJoinedDto> {
  const ack = await request<Ack<RoomJoinedDto>>(socket, 'room:join', { room_id: roomId });
  if (!ack.ok) throw new Error(`room:join refused: ${ack.error.message}`);
  return ack.data;
}

/** The next `event` on `socket` that satisfies `predicate`. */
export function nextEvent<T = unknown>(
  socket: ClientSocket,
  event: string,
  predicate: (payload: T) => boolean = () => true,
  timeoutMs = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      (socket.off as (event: string, listener: unknown) => void)(event, listener);
      reject(new Error(`timed out waiting for ${event}`));
    }, timeoutMs);
    const listener = (payload: T) => {
      if (!predicate(payload)) return;
      clearTimeout(timer);
      (socket.off as (event: string, listener: unknown) => void)(event, listener);
      resolve(payload);
    };
    (socket.on as (event: string, listener: unknown) => void)(event, listener);
  });
}

/** Collects every `event` on the socket into an array. */
export function collect<T = unknown>(socket: ClientSocket, event: string): T[] {
  const items: T[] = [];
  (socket.on as (event: string, listener: (payload: T) => void) => void)(event, (payload) => items.push(payload));
  return items;
}

export function idempotencyKey(): string {
  return randomUUID();
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits until `check` returns true (polling), or fails after `timeoutMs`. */
export async function eventually(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 5000,
  label = 'condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${label}`);
    await sleep(25);
  }
}

/** The right answer to the number-rush question a player's view shows. */
export function numberRushAnswer(view: PlayerView<NumberRushView>): number {
  return solveArithmetic(view.game.question);
}

// Over the engine's floor by this much, as the server times the item from its own accept (before the view arrives).
const ANSWER_MARGIN_MS = 20;

/**
 * Waits as long as a quick human needs for the shown question (the engine's floor, decision 1801): an answer sooner
 * would count as wrong and be flagged. Call it when the view has arrived.
 */
export function thinkAboutNumberRush(view: PlayerView<NumberRushView>): Promise<void> {
  return sleep(numberRushMinAnswerMs(view.game.question, numberRushAnswer(view)) + ANSWER_MARGIN_MS);
}

/**
 * Answers `count` number-rush questions correctly as whoever owns `socket` (each one scores 10), each after the
 * engine's floor for it: up to ~0.6 s a question, so keep `count` small against short test time limits.
 */
export async function answerNumberRushCorrectly(
  socket: ClientSocket,
  roomId: string,
  firstView: PlayerView<NumberRushView>,
  count: number,
): Promise<void> {
  let view = firstView;
  for (let i = 0; i < count; i++) {
    await thinkAboutNumberRush(view);
    const nextView = nextEvent<MatchViewDto>(socket, 'match:view');
    const ack = await request<Ack<MatchInputAckDto>>(socket, 'match:input', {
      room_id: roomId,
      input: { type: 'answer', value: numberRushAnswer(view) },
    });
    if (!ack.ok || !ack.data.accepted || ack.data.outcome?.kind !== 'scored') {
      throw new Error(`answer refused: ${JSON.stringify(ack)}`);
    }
    view = (await nextView).view as PlayerView<NumberRushView>;
  }
}

/** What a test does while a number-rush round is being played (Alice's socket and her first view). */
export type NumberRushPlay = (
  aliceSocket: ClientSocket,
  roomId: string,
  firstView: PlayerView<NumberRushView>,
) => Promise<void>;

/**
 * One number-rush round between two players on a listening app: `alice` creates a room, `bob` joins, both watch over
 * sockets and press Start; `play` runs once play has started (with Alice's socket and her first view). Resolves
 * when the round is settled, with both sockets (the caller closes them) and the result.
 */
export async function playNumberRushRound(
  app: NestFastifyApplication,
  alice: RegisteredUser,
  bob: RegisteredUser,
  options: { bet?: number; play?: NumberRushPlay; finishTimeoutMs?: number } = {},
): Promise<{ roomId: string; aliceSocket: ClientSocket; bobSocket: ClientSocket; result: MatchFinishedDto['result'] }> {
  const post = (user: RegisteredUser, url: string, payload: Record<string, unknown>) =>
    app.inject({ method: 'POST', url, headers: bearer(user.accessToken), payload });
  const created = await post(alice, '/api/rooms', { game_id: 'number-rush', bet_amount: options.bet ?? 5 });
  if (created.statusCode !== 201) throw new Error(`create failed: ${created.statusCode} ${created.body}`);
  const roomId = created.json<{ id: string }>().id;
  const joined = await post(bob, `/api/rooms/${roomId}/join`, {});
  if (joined.statusCode !== 200) throw new Error(`join failed: ${joined.statusCode} ${joined.body}`);
  const aliceSocket = await connectSocket(app, { token: alice.accessToken });
  const bobSocket = await connectSocket(app, { token: bob.accessToken });
  await watchRoom(aliceSocket, roomId);
  await watchRoom(bobSocket, roomId);
  const firstView = nextEvent<MatchViewDto>(aliceSocket, 'match:view');
  const finished = nextEvent<MatchFinishedDto>(
    aliceSocket,
    'match:finished',
    () => true,
    options.finishTimeoutMs ?? 8000,
  );
  await request(aliceSocket, 'match:ready', { room_id: roomId });
  await request(bobSocket, 'match:ready', { room_id: roomId });
  await options.play?.(aliceSocket, roomId, (await firstView).view as PlayerView<NumberRushView>);
  return { roomId, aliceSocket, bobSocket, result: (await finished).result };
}
