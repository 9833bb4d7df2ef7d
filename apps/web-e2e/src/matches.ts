import { expect } from '@playwright/test';
import type { Ack, MatchFinishedDto, MatchResultDto, MatchViewDto } from '@skillduel/contracts';
import { io, Socket } from 'socket.io-client';
import type { Player } from './players';

/** A player's own socket, as the game room opens it (handshake with the access token). */
export async function connect(baseURL: string, player: Player): Promise<Socket> {
  const socket = io(baseURL, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { token: player.accessToken },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

export async function send<T>(socket: Socket, event: string, payload: unknown): Promise<T> {
  const ack = (await socket.timeout(10_000).emitWithAck(event, payload)) as Ack<T>;
  if (!ack.ok) throw new Error(`${event} refused: ${ack.error.message}`);
  return ack.data;
}

/**
 * The gap before click `index` of a human-paced clicker: about 10 a second (the engine refuses more than 14 a second
 * sustained, decision 1801), uneven from click to click and never repeating a pattern, as a hand is. A timer-steady
 * rhythm (spread under 5 % of the mean) or a repeating cycle of gaps (sums of 8 consecutive gaps nearly constant) is
 * held for review as a script (decision 1802). Uniform over 70-130 ms (mean 100 ms, spread ~17 %), from a fixed
 * integer hash of the index so every run clicks the same way.
 */
export function humanClickGapMs(index: number): number {
  let hash = (index + 1) * 0x9e3779b1;
  hash = Math.imul(hash ^ (hash >>> 16), 0x85ebca6b);
  hash = Math.imul(hash ^ (hash >>> 13), 0xc2b2ae35);
  hash ^= hash >>> 16;
  return 70 + ((hash >>> 0) % 61);
}

/**
 * Both players play a real Quick Click match on the server over their own sockets (the browser side of live play is
 * covered by rooms.spec.ts): both press Start, the winner clicks to the target at a human pace (`humanClickGapMs`),
 * the loser does nothing. The server decides and settles.
 */
export async function playQuickClick(
  baseURL: string,
  roomId: string,
  winner: Player,
  loser: Player,
): Promise<MatchResultDto> {
  const winnerSocket = await connect(baseURL, winner);
  const loserSocket = await connect(baseURL, loser);
  try {
    await send(winnerSocket, 'room:join', { room_id: roomId });
    await send(loserSocket, 'room:join', { room_id: roomId });
    const started = new Promise((resolve) => winnerSocket.once('match:started', resolve));
    const finished = new Promise<MatchFinishedDto>((resolve) => winnerSocket.once('match:finished', resolve));
    let target = 0;
    winnerSocket.on('match:view', (payload: MatchViewDto) => {
      target = (payload.view as { game: { targetClicks: number } }).game.targetClicks;
    });
    await send(winnerSocket, 'match:ready', { room_id: roomId });
    await send(loserSocket, 'match:ready', { room_id: roomId });
    await started;
    let over = false;
    void finished.then(() => (over = true));
    for (let click = 0; !over; click += 1) {
      winnerSocket.emit('match:input', { room_id: roomId, input: { type: 'click' } });
      await new Promise((resolve) => setTimeout(resolve, humanClickGapMs(click)));
    }
    const { result } = await finished;
    expect(target).toBeGreaterThan(0);
    return result;
  } finally {
    winnerSocket.close();
    loserSocket.close();
  }
}
