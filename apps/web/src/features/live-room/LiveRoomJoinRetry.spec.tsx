import { act, fireEvent, screen } from '@testing-library/react';
import { GAME_ROOM_MESSAGES, REALTIME_MESSAGES, type RealtimeErrorDto } from '@skillduel/contracts';
import { buildUser } from '../../test/factories';
import { renderLiveRoom } from '../../test/liveRoom';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import { ALICE, BOB, buildJoined, buildRoom, buildRoomView, serveRoomView } from '../../test/rooms';
import { storeSignedInUser } from '../../test/wallet';
import { JOIN_RETRY_DELAYS_MS } from './useLiveRoom';

const UNAVAILABLE: RealtimeErrorDto = { code: 'UNAVAILABLE', message: REALTIME_MESSAGES.unavailable };

/** Moves the fake clock, then lets the acks it triggered resolve (each retry is timed from the last refusal). */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    jest.advanceTimersByTime(ms);
  });
}

/**
 * The chaos soak (npm run test:chaos) showed `room:join` answered with a "try again" code while the server running the
 * room paused or moved to another instance: the room joins again by itself, and the player hears of it only if the
 * retries run out.
 */
describe('live room: a join that no server answered in time is tried again', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick'] });
    fake = installFakeSocket();
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('joins on a later try without a word to the player', async () => {
    const room = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    let tries = 0;
    fake.respond('room:join', () =>
      ++tries <= 2 ? { ok: false, error: UNAVAILABLE } : { ok: true, data: buildJoined(room, { your_seat: 0 }) },
    );
    renderLiveRoom(room.id);

    expect(await screen.findByRole('heading', { level: 1, name: 'Number Rush' })).toBeInTheDocument();
    expect(fake.sentOf('room:join')).toHaveLength(1);
    await advance(JOIN_RETRY_DELAYS_MS[0]);
    await advance(JOIN_RETRY_DELAYS_MS[1]);
    expect(await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.readyToPlay })).toBeInTheDocument();
    expect(fake.sentOf('room:join')).toHaveLength(3);
    expect(screen.queryByText(REALTIME_MESSAGES.unavailable)).not.toBeInTheDocument();
  });

  it('says so in the player’s language once every retry was refused, and stops asking', async () => {
    const room = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.refuse('room:join', UNAVAILABLE);
    renderLiveRoom(room.id, 'es');

    expect(await screen.findByRole('heading', { level: 1, name: 'Carrera de Números' })).toBeInTheDocument();
    for (const delayMs of JOIN_RETRY_DELAYS_MS) await advance(delayMs);
    expect(
      await screen.findByText('El servicio no está disponible en este momento. Inténtalo de nuevo en un momento.'),
    ).toBeInTheDocument();
    expect(fake.sentOf('room:join')).toHaveLength(1 + JOIN_RETRY_DELAYS_MS.length);
    await advance(10_000);
    expect(fake.sentOf('room:join')).toHaveLength(1 + JOIN_RETRY_DELAYS_MS.length);
  });

  it('does not retry a refusal that will not change (the room is gone)', async () => {
    const room = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.refuse('room:join', { code: 'NOT_FOUND', message: 'Not found' });
    renderLiveRoom(room.id);
    expect(await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.notFoundTitle })).toBeInTheDocument();
    await advance(10_000);
    expect(fake.sentOf('room:join')).toHaveLength(1);
  });
});

/**
 * A server that stalled, or handed the room to another server (as in the two-instance chaos soak), may no longer count
 * the player's socket in the room: it refuses their next request NOT_WATCHING, and the request did not run. The room is
 * joined again and the request sent once more, so Start Game works without the player reloading the page.
 */
describe('live room: a request refused because the server forgot the socket', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = installFakeSocket();
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
  });

  function renderReadyRoom() {
    const room = buildRoom({ player1: ALICE, player2: BOB, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0 }) }));
    renderLiveRoom(room.id);
    return room;
  }

  it('joins the room again and re-sends Start Game, without a word to the player', async () => {
    const room = renderReadyRoom();
    let readies = 0;
    fake.respond('match:ready', () =>
      ++readies === 1
        ? { ok: false, error: { code: 'NOT_WATCHING', message: REALTIME_MESSAGES.notWatching } }
        : { ok: true, data: null },
    );
    const start = await screen.findByRole('button', { name: 'Start Game' });
    await act(async () => {
      fireEvent.click(start);
    });
    await screen.findByRole('button', { name: 'Start Game' });
    expect(fake.sentOf('room:join')).toEqual([{ room_id: room.id }, { room_id: room.id }]);
    expect(fake.sentOf('match:ready')).toEqual([{ room_id: room.id }, { room_id: room.id }]);
    expect(screen.queryByText(REALTIME_MESSAGES.notWatching)).not.toBeInTheDocument();
  });

  it('tells the player when the room cannot be joined again, and sends the request only once', async () => {
    const room = renderReadyRoom();
    fake.refuse('match:ready', { code: 'NOT_WATCHING', message: REALTIME_MESSAGES.notWatching });
    const start = await screen.findByRole('button', { name: 'Start Game' });
    fake.refuse('room:join', { code: 'NOT_FOUND', message: 'Not found' });
    await act(async () => {
      fireEvent.click(start);
    });
    expect(await screen.findByText(REALTIME_MESSAGES.notWatching)).toBeInTheDocument();
    expect(fake.sentOf('room:join')).toEqual([{ room_id: room.id }, { room_id: room.id }]);
    expect(fake.sentOf('match:ready')).toEqual([{ room_id: room.id }]);
  });
});
