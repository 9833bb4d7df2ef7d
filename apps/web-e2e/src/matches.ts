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
 * Both players play a real Quick Click match on the server over their own sockets (the browser side of live play is
 * covered by rooms.spec.ts): both press Start, the winner clicks to the target at a human 12 clicks per second (the
 * engine refuses more than 14 a second sustained), the loser does nothing. The server decides and settles.
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
    while (!over) {
      winnerSocket.emit('match:input', { room_id: roomId, input: { type: 'click' } });
      await new Promise((resolve) => setTimeout(resolve, 85));
    }
    const { result } = await finished;
    expect(target).toBeGreaterThan(0);
    return result;
  } finally {
    winnerSocket.close();
    loserSocket.close();
  }
}
