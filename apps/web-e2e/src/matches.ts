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
 * Gaps between a person's clicks, cycled: about 10 a second (the engine refuses more than 14 a second sustained,
 * decision 1801) and uneven from click to click as a hand is (a timer-steady rhythm is held for review as a script,
 * decision 1802: spread under 5 % of the mean). Mean 100 ms, spread ~20 %.
 */
const HUMAN_CLICK_GAPS_MS = [96, 118, 82, 131, 104, 77, 112, 90, 125, 85, 108, 72];

/** The gap before click `index` of a human-paced clicker. */
export function humanClickGapMs(index: number): number {
  return HUMAN_CLICK_GAPS_MS[index % HUMAN_CLICK_GAPS_MS.length] ?? 100;
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
