import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  EMOTES,
  GAME_ROOM_MESSAGES,
  HTTP_ERROR_MESSAGES,
  VALIDATION_MESSAGES,
  type MatchScoresDto,
  type RoomDto,
  type RoomSeat,
} from '@skillduel/contracts';
import { GAME_ENGINES } from '@skillduel/games';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { buildUser } from '../../test/factories';
import { solveShownQuestion, storeGuest } from '../../test/gameRoom';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import { renderWithProviders } from '../../test/renderWithProviders';
import {
  ALICE,
  BOB,
  buildChatMessage,
  buildGameResult,
  buildJoined,
  buildMatchResult,
  buildRoom,
  buildRoomState,
  buildRoomView,
  serveRoomView,
} from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';
import { LiveRoom } from './LiveRoom';

const SEED = 'seed-for-tests';
const SEED_HASH = 'f'.repeat(64);

/** The live room at /game/{id}, with the toasts. */
function renderLiveRoom(roomId: string, spectate = false, language?: 'en' | 'es') {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/game/:gameId" element={<LiveRoom roomId={roomId} spectate={spectate} />} />
        <Route path="*" element={null} />
      </Routes>
      <Toaster />
    </>,
    { route: `/game/${roomId}${spectate ? '?spectate=true' : ''}`, language },
  );
}

/** Moves the fake clock inside act. */
function advance(ms: number): void {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** The engine's real view of a number-rush round, as the server sends it in `match:view`. */
function numberRushView(seat: RoomSeat, answered = 0) {
  const engine = GAME_ENGINES['number-rush'];
  let state = engine.create(SEED, { timeLimitMs: 30_000 });
  for (let index = 0; index < answered; index += 1) {
    state = engine.applyInput(state, seat, { type: 'answer', value: -1 }, 100 * (index + 1)).state;
  }
  return engine.view(state, seat, 100 * answered);
}

function scores(roomId: string, display: [number, number]): MatchScoresDto {
  return {
    room_id: roomId,
    round: 1,
    at_ms: 1000,
    time_left_ms: 29_000,
    display_scores: display,
    statuses: ['playing', 'playing'],
  };
}

/** A room alice (user-1) created and bob joined. */
function twoPlayerRoom(overrides: Partial<RoomDto> = {}): RoomDto {
  return buildRoom({ player1: ALICE, player2: BOB, current_players: 2, status: 'ready', ...overrides });
}

/** The server's countdown then start, as both players pressed Start. */
function countdownAndStart(fake: FakeSocket, room: RoomDto): void {
  const now = Date.now();
  fake.serverEmit('match:countdown', {
    room_id: room.id,
    round: 1,
    seed_hash: SEED_HASH,
    starts_at: now + 3000,
    countdown_ms: 3000,
    time_limit_ms: 30_000,
    server_time: now,
  });
}

function start(fake: FakeSocket, room: RoomDto): void {
  const now = Date.now();
  fake.serverEmit('match:started', {
    room_id: room.id,
    round: 1,
    started_at: now,
    ends_at: now + 30_000,
    time_limit_ms: 30_000,
    server_time: now,
  });
  fake.serverEmit(
    'room:state',
    buildRoomState(
      { ...room, status: 'playing' },
      {
        phase: 'playing',
        ready: [true, true],
        server_time: now,
        match: {
          round: 1,
          phase: 'playing',
          seed_hash: SEED_HASH,
          seed: null,
          starts_at: now,
          ends_at: now + 30_000,
          time_limit_ms: 30_000,
          display_scores: [0, 0],
          statuses: ['playing', 'playing'],
          result: null,
        },
      },
    ),
  );
}

describe('live room: the game room of a real room', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['nextTick'] });
    fake = installFakeSocket();
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('plays a round: waiting → ready → countdown → playing → finished, with the result and toast', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const waiting = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(waiting, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(waiting, { your_seat: 0 }) }));
    let meLoads = 0;
    server.use(
      http.get(apiUrl('/users/me/'), () => {
        meLoads += 1;
        return HttpResponse.json(buildUser({ id: ALICE.id, username: ALICE.username, current_balance: 30 }));
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLiveRoom(waiting.id);

    // Waiting for an opponent.
    expect(await screen.findByRole('heading', { level: 1, name: 'Number Rush' })).toBeInTheDocument();
    expect(screen.getByTestId('room-subtitle')).toHaveTextContent('Bet: $5.00');
    expect(fake.sentOf('room:join')).toEqual([{ room_id: waiting.id }]);
    expect(screen.getByRole('heading', { name: GAME_ROOM_MESSAGES.readyToPlay })).toBeInTheDocument();
    expect(screen.getByTestId('player')).toHaveTextContent('alice');
    expect(screen.getByTestId('player')).toHaveTextContent('0 pts');
    expect(screen.getByTestId('player-status')).toHaveTextContent('Waiting');
    expect(screen.getByTestId('opponent')).toHaveTextContent('Opponent');
    expect(screen.getByRole('button', { name: 'Start Game' })).toBeDisabled();
    expect(screen.getByTestId('waiting-hint')).toHaveTextContent('Waiting for an opponent to join...');
    expect(screen.getByTestId('stake')).toHaveTextContent('Each player bets $5.00. The winner takes $10.00.');

    // bob joins; alice presses Start.
    const room = twoPlayerRoom({ id: waiting.id });
    fake.serverEmit('room:state', buildRoomState(room));
    expect(screen.getByTestId('opponent')).toHaveTextContent('bob');
    const startButton = screen.getByRole('button', { name: 'Start Game' });
    expect(startButton).toBeEnabled();
    await user.click(startButton);
    expect(fake.sentOf('match:ready')).toEqual([{ room_id: room.id }]);
    fake.serverEmit('room:state', buildRoomState(room, { ready: [true, false] }));
    expect(screen.getByTestId('player-status')).toHaveTextContent('Ready');
    expect(screen.getByTestId('ready-seat-0')).toHaveTextContent('You: ready');
    expect(screen.getByTestId('ready-seat-1')).toHaveTextContent('bob: not ready yet');
    expect(startButton).toBeDisabled();

    // Both ready: 3-2-1 with the seed hash.
    countdownAndStart(fake, room);
    const countdown = screen.getByTestId('countdown');
    expect(countdown).toHaveTextContent('Game starting...');
    expect(screen.getByTestId('countdown-number')).toHaveTextContent('3');
    expect(screen.getByTestId('seed-hash')).toHaveTextContent(`Provably fair: seed hash ${SEED_HASH}`);
    advance(1000);
    expect(screen.getByTestId('countdown-number')).toHaveTextContent('2');
    advance(1000);
    expect(screen.getByTestId('countdown-number')).toHaveTextContent('1');
    advance(1000);

    // Playing: the server's view drives the game; inputs go to the server.
    start(fake, room);
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
    expect(screen.getByTestId('player-status')).toHaveTextContent('Playing');
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('30s');
    fake.serverEmit('match:view', { room_id: room.id, round: 1, seat: 0, at_ms: 0, view: numberRushView(0) });
    const answer = solveShownQuestion();
    fake.respond('match:input', () => ({
      ok: true,
      data: { accepted: true as const, at_ms: 900, outcome: { kind: 'scored', points: 10 } },
    }));
    await user.type(screen.getByTestId('number-rush-answer'), `${answer}{Enter}`);
    expect(fake.sentOf('match:input')).toEqual([{ room_id: room.id, input: { type: 'answer', value: answer } }]);
    expect(await screen.findByText('Correct! +10')).toBeInTheDocument();

    // Both live scores, and the timer from the server's end time.
    fake.serverEmit('match:scores', scores(room.id, [10, 20]));
    expect(screen.getByTestId('player-score')).toHaveTextContent('10 pts');
    expect(screen.getByTestId('opponent-score')).toHaveTextContent('20 pts');
    advance(5000);
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('25s');

    // Finished: the server's result.
    fake.serverEmit('match:finished', {
      room_id: room.id,
      result: buildMatchResult({ display_scores: [40, 20], seed_hash: SEED_HASH, seed: SEED }),
    });
    fake.serverEmit('match:result', { room_id: room.id, result: buildGameResult({ earnings: 10 }) });
    const result = screen.getByTestId('game-result');
    expect(within(result).getByRole('heading', { name: 'You Won!' })).toBeInTheDocument();
    expect(within(result).getByTestId('final-player-score')).toHaveTextContent('40 pts');
    expect(within(result).getByTestId('final-opponent-score')).toHaveTextContent('20 pts');
    // One payout vocabulary on every screen: the pot paid out (twice the bet) and the net gain.
    expect(within(result).getByTestId('winnings')).toHaveTextContent('Winnings: $10.00 (+$5.00 net)');
    expect(within(result).getByTestId('revealed-seed')).toHaveTextContent(SEED);
    expect(await screen.findByText(GAME_ROOM_MESSAGES.youWon)).toBeInTheDocument();
    expect(screen.getByText('+$10.00 (+$5.00 net)')).toBeInTheDocument();
    expect(screen.getByTestId('player-status')).toHaveTextContent('Finished');
    await waitFor(() => expect(meLoads).toBeGreaterThan(0));

    // Play Again: both confirm, then back to waiting.
    // Play Again re-stakes the bet: the button says how much.
    await user.click(within(result).getByRole('button', { name: 'Play again for $5.00' }));
    expect(fake.sentOf('match:play_again')).toEqual([{ room_id: room.id }]);
    fake.serverEmit(
      'room:state',
      buildRoomState({ ...room, status: 'finished' }, { phase: 'finished', play_again: [true, false] }),
    );
    expect(screen.getByTestId('play-again-status')).toHaveTextContent('Waiting for bob to confirm Play Again...');
    expect(
      within(screen.getByTestId('game-result')).getByRole('button', { name: 'Play again for $5.00' }),
    ).toBeDisabled();
    fake.serverEmit('room:state', buildRoomState({ ...room, round: 2 }, { phase: 'ready' }));
    expect(screen.getByRole('heading', { name: GAME_ROOM_MESSAGES.readyToPlay })).toBeInTheDocument();
    expect(screen.getByTestId('player-score')).toHaveTextContent('0 pts');
  });

  it('says so when the round is lost', async () => {
    storeSignedInUser(buildUser({ id: BOB.id, username: BOB.username }));
    const room = twoPlayerRoom({ status: 'playing' });
    serveRoomView(buildRoomView(room, { your_seat: 1 }));
    fake.respond('room:join', () => ({
      ok: true,
      data: buildJoined(room, { your_seat: 1, phase: 'playing' }),
    }));
    renderLiveRoom(room.id);
    await screen.findByTestId('game-room');
    fake.serverEmit('match:finished', { room_id: room.id, result: buildMatchResult() });
    fake.serverEmit('match:result', {
      room_id: room.id,
      result: buildGameResult({ winner: 'opponent', player_score: 20, opponent_score: 40, earnings: 0 }),
    });
    expect(screen.getByRole('heading', { name: 'You Lost!' })).toBeInTheDocument();
    expect(screen.queryByTestId('winnings')).not.toBeInTheDocument();
    expect(screen.getByTestId('final-player-score')).toHaveTextContent('20 pts');
    expect(await screen.findByText(GAME_ROOM_MESSAGES.youLost)).toBeInTheDocument();
  });

  it('shows a refund on a tie', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = twoPlayerRoom({ status: 'playing' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0, phase: 'playing' }) }));
    renderLiveRoom(room.id);
    await screen.findByTestId('game-room');
    fake.serverEmit('match:finished', {
      room_id: room.id,
      result: buildMatchResult({ outcome: 'tie', display_scores: [30, 30], payout: 0 }),
    });
    fake.serverEmit('match:result', {
      room_id: room.id,
      result: buildGameResult({ winner: 'tie', player_score: 30, opponent_score: 30, earnings: 0, refunded: 5 }),
    });
    expect(screen.getByRole('heading', { name: "It's a Tie!" })).toBeInTheDocument();
    expect(screen.getByTestId('refunded')).toHaveTextContent('Your bet of $5.00 was refunded.');
    expect(await screen.findByText("It's a tie! Your bet was refunded.")).toBeInTheDocument();
  });

  it('shows rejected inputs unobtrusively', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = twoPlayerRoom({ status: 'playing' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0, phase: 'playing' }) }));
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderLiveRoom(room.id);
    await screen.findByTestId('game-room');
    start(fake, room);
    fake.serverEmit('match:view', { room_id: room.id, round: 1, seat: 0, at_ms: 0, view: numberRushView(0) });
    fake.respond('match:input', () => ({
      ok: true,
      data: { accepted: false as const, at_ms: 10, reason: 'too_fast' },
    }));
    await user.type(screen.getByTestId('number-rush-answer'), '7{Enter}');
    expect(await screen.findByText('Too fast! That one did not count.')).toBeInTheDocument();
    fake.refuse('match:input', { code: 'RATE_LIMITED', message: HTTP_ERROR_MESSAGES[429] });
    await user.type(screen.getByTestId('number-rush-answer'), '8{Enter}');
    await waitFor(() => expect(screen.getByTestId('input-rejected')).toHaveTextContent(HTTP_ERROR_MESSAGES[429]));
  });

  it('lets a spectator watch both live scores, the timer and the result, without controls', async () => {
    storeGuest();
    const room = twoPlayerRoom();
    serveRoomView(buildRoomView(room));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room) }));
    renderLiveRoom(room.id, true);

    expect(await screen.findByTestId('room-subtitle')).toHaveTextContent('Spectating');
    expect(screen.getByTestId('spectator-banner')).toBeInTheDocument();
    expect(screen.getByTestId('spectator-waiting')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();
    expect(screen.getByTestId('player')).toHaveTextContent('alice');
    expect(screen.getByTestId('opponent')).toHaveTextContent('bob');

    countdownAndStart(fake, room);
    expect(screen.getByTestId('countdown')).toBeInTheDocument();
    advance(3000);
    start(fake, room);
    expect(screen.getByTestId('spectator-board')).toBeInTheDocument();
    expect(screen.getByRole('timer', { name: 'Time left' })).toHaveTextContent('30s');
    fake.serverEmit('match:scores', scores(room.id, [30, 10]));
    expect(screen.getByTestId('spectator-score-0')).toHaveTextContent('alice30 pts');
    expect(screen.getByTestId('spectator-score-1')).toHaveTextContent('bob10 pts');
    expect(screen.getByTestId('player-score')).toHaveTextContent('30 pts');
    expect(screen.getByTestId('opponent-score')).toHaveTextContent('10 pts');
    fake.serverEmit('match:scores', scores(room.id, [40, 30]));
    expect(screen.getByTestId('opponent-score')).toHaveTextContent('30 pts');
    // The scores are announced politely, at most every few seconds.
    advance(5000);
    expect(screen.getByTestId('score-announcer')).toHaveTextContent('alice 40 pts, bob 30 pts');
    expect(screen.queryByTestId('game-board')).not.toBeInTheDocument();

    fake.serverEmit('match:finished', { room_id: room.id, result: buildMatchResult({ display_scores: [40, 30] }) });
    const result = screen.getByTestId('game-result');
    expect(within(result).getByRole('heading', { name: 'alice won!' })).toBeInTheDocument();
    expect(within(result).getByTestId('final-player1-score')).toHaveTextContent('40 pts');
    expect(within(result).queryByRole('button', { name: /Play again/i })).not.toBeInTheDocument();
  });

  it('shows the real points of a points game past 100 and who is ahead; a target game stays out of 100', async () => {
    storeGuest();
    const room = twoPlayerRoom();
    serveRoomView(buildRoomView(room));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room) }));
    renderLiveRoom(room.id, true);
    await screen.findByTestId('spectator-waiting');
    countdownAndStart(fake, room);
    advance(3000);
    start(fake, room);
    // Both above 100: the display caps at 100, the raw scores decide.
    fake.serverEmit('match:scores', { ...scores(room.id, [100, 100]), scores: [130, 120] });
    expect(screen.getByTestId('player-score')).toHaveTextContent('130 pts');
    expect(screen.getByTestId('opponent-score')).toHaveTextContent('120 pts');
    expect(screen.getByTestId('player-lead')).toHaveTextContent('Leading');
    expect(screen.queryByTestId('opponent-lead')).not.toBeInTheDocument();
    fake.serverEmit('match:scores', { ...scores(room.id, [100, 100]), scores: [130, 130] });
    expect(screen.getByTestId('player-lead')).toHaveTextContent('Tied');
    expect(screen.getByTestId('opponent-lead')).toHaveTextContent('Tied');
    fake.serverEmit('match:finished', {
      room_id: room.id,
      result: buildMatchResult({ outcome: 'player2', scores: [130, 140], display_scores: [100, 100] }),
    });
    const result = screen.getByTestId('game-result');
    expect(within(result).getByRole('heading', { name: 'bob won!' })).toBeInTheDocument();
    expect(within(result).getByTestId('final-player1-score')).toHaveTextContent('130 pts');
    expect(within(result).getByTestId('final-player2-score')).toHaveTextContent('140 pts');
    expect(screen.getByTestId('opponent-lead')).toHaveTextContent('Leading');
  });

  it('keeps the out-of-100 display for a game with a target', async () => {
    storeGuest();
    const room = twoPlayerRoom({ game_id: 'quick-click', game_name: 'Quick Click' });
    serveRoomView(buildRoomView(room));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room) }));
    renderLiveRoom(room.id, true);
    await screen.findByTestId('spectator-waiting');
    countdownAndStart(fake, room);
    advance(3000);
    start(fake, room);
    fake.serverEmit('match:scores', { ...scores(room.id, [60, 45]), scores: [18, 14] });
    expect(screen.getByTestId('player-score')).toHaveTextContent('60/100');
    expect(screen.getByTestId('opponent-score')).toHaveTextContent('45/100');
    expect(screen.getByTestId('player-lead')).toHaveTextContent('Leading');
  });

  it('treats a signed-in visitor without a seat as a spectator', async () => {
    storeSignedInUser(buildUser({ id: 'someone', username: 'someone' }));
    const room = twoPlayerRoom();
    serveRoomView(buildRoomView(room));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: null }) }));
    renderLiveRoom(room.id);
    expect(await screen.findByTestId('room-subtitle')).toHaveTextContent('Spectating');
    expect(screen.queryByRole('button', { name: 'Start Game' })).not.toBeInTheDocument();
  });

  describe('chat', () => {
    it('shows the history, live messages and emotes, and sends through the socket', async () => {
      storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
      const room = twoPlayerRoom();
      serveRoomView(buildRoomView(room, { your_seat: 0 }));
      fake.respond('room:join', () => ({
        ok: true,
        data: buildJoined(room, { your_seat: 0, chat: [buildChatMessage(room.id, { message: 'hi all' })] }),
      }));
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderLiveRoom(room.id);
      const chat = await screen.findByTestId('chat-panel');
      const log = within(chat).getByRole('log', { name: 'Chat messages' });
      expect(await within(log).findByText('hi all')).toBeInTheDocument();

      fake.serverEmit(
        'chat:message',
        buildChatMessage(room.id, { message: '🔥', isEmote: true, emote: 'fire', username: 'carol' }),
      );
      expect(within(log).getByRole('img', { name: 'Fire' })).toHaveTextContent('🔥');

      const input = within(chat).getByRole('textbox', { name: 'Message' });
      expect(input).toHaveAttribute('maxlength', '200');
      await user.type(input, '   {Enter}');
      expect(fake.sentOf('chat:send')).toEqual([]);
      await user.type(input, '  good game  {Enter}');
      expect(fake.sentOf('chat:send')).toEqual([{ room_id: room.id, message: 'good game' }]);
      expect(input).toHaveValue('');
      fake.serverEmit(
        'chat:message',
        buildChatMessage(room.id, { user_id: ALICE.id, username: 'alice', message: 'good game' }),
      );
      const own = within(log)
        .getAllByTestId('chat-message')
        .find((item) => item.textContent?.includes('good game'));
      expect(own).toHaveAttribute('data-own', 'true');

      await user.click(within(chat).getByRole('button', { name: 'Send Party' }));
      expect(fake.sentOf('chat:emote')).toEqual([{ room_id: room.id, emote: 'party' }]);

      fake.refuse('chat:send', { code: 'RATE_LIMITED', message: HTTP_ERROR_MESSAGES[429] });
      await user.type(input, 'spam{Enter}');
      expect(await screen.findByText(HTTP_ERROR_MESSAGES[429])).toBeInTheDocument();
      expect(input).toHaveValue('spam');
    });

    it('refuses guests with the spec messages and sends nothing', async () => {
      storeGuest();
      const room = twoPlayerRoom();
      serveRoomView(buildRoomView(room));
      fake.respond('room:join', () => ({ ok: true, data: buildJoined(room) }));
      renderLiveRoom(room.id, true);
      const chat = await screen.findByTestId('chat-panel');
      const input = within(chat).getByRole('textbox', { name: 'Message' });
      expect(input).toBeDisabled();
      expect(input).toHaveAttribute('placeholder', GAME_ROOM_MESSAGES.signUpToChat);
      expect(within(chat).getAllByTestId('emote')).toHaveLength(EMOTES.length);
      fireEvent.click(within(chat).getByRole('button', { name: 'Send Thumbs up' }));
      expect(await screen.findByText(VALIDATION_MESSAGES.guestEmote)).toBeInTheDocument();
      fireEvent.click(within(chat).getByRole('button', { name: 'Send' }));
      expect(await screen.findByText(VALIDATION_MESSAGES.guestChat)).toBeInTheDocument();
      expect(fake.sentOf('chat:emote')).toEqual([]);
      expect(fake.sentOf('chat:send')).toEqual([]);
    });
  });

  it('shows Reconnecting… when the connection drops and rejoins the room when it is back', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = twoPlayerRoom({ status: 'playing' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0, phase: 'playing' }) }));
    renderLiveRoom(room.id);
    await screen.findByTestId('game-room');
    expect(screen.queryByTestId('reconnecting')).not.toBeInTheDocument();
    fake.dropConnection();
    expect(screen.getByTestId('reconnecting')).toHaveTextContent('Reconnecting…');
    await fake.reconnect();
    expect(screen.queryByTestId('reconnecting')).not.toBeInTheDocument();
    expect(fake.sentOf('room:join')).toHaveLength(2);
    expect(screen.getByTestId('game-room')).toHaveAttribute('data-phase', 'playing');
  });

  it('shows Game Room Not Found when the room does not load', async () => {
    storeSignedInUser();
    server.use(http.get(apiUrl('/rooms/:id'), () => HttpResponse.json({ detail: 'x' }, { status: 404 })));
    renderLiveRoom('room_missing000000000000');
    expect(await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.notFoundTitle })).toBeInTheDocument();
  });

  it('shows Game Room Not Found when the socket says the room is gone', async () => {
    storeSignedInUser();
    const room = twoPlayerRoom();
    serveRoomView(buildRoomView(room));
    fake.refuse('room:join', { code: 'NOT_FOUND', message: HTTP_ERROR_MESSAGES[404] });
    renderLiveRoom(room.id);
    expect(await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.notFoundTitle })).toBeInTheDocument();
  });

  it('leaves a waiting room through POST leave, then the dashboard', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0 }) }));
    const left: string[] = [];
    server.use(
      http.post(apiUrl('/rooms/:id/leave'), ({ params }) => {
        left.push(String(params['id']));
        return HttpResponse.json({ success: true });
      }),
    );
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { getByTestId } = renderLiveRoom(room.id);
    await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.readyToPlay });
    await user.click(screen.getByTestId('leave-room'));
    await waitFor(() => expect(getByTestId('location')).toHaveTextContent(/^\/dashboard$/));
    expect(left).toEqual([room.id]);
    expect(fake.sentOf('room:leave')).toEqual([{ room_id: room.id }]);
  });

  it('speaks Spanish', async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = buildRoom({ player1: ALICE });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0 }) }));
    renderLiveRoom(room.id, false, 'es');
    expect(await screen.findByTestId('room-subtitle')).toHaveTextContent('Apuesta: $5.00');
    expect(screen.getByTestId('waiting-hint')).toHaveTextContent('Esperando a que se una un rival...');
  });

  it('has no axe violations while waiting, playing and finished (structure; contrast is checked in e2e)', async () => {
    jest.useRealTimers();
    jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = twoPlayerRoom();
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({
      ok: true,
      data: buildJoined(room, { your_seat: 0, chat: [buildChatMessage(room.id)] }),
    }));
    const { container } = renderLiveRoom(room.id);
    await screen.findByRole('heading', { name: GAME_ROOM_MESSAGES.readyToPlay });
    const check = async () => {
      const results = await act(() => axe.run(container, { rules: { 'color-contrast': { enabled: false } } }));
      return results.violations.map((violation) => `${violation.id}: ${violation.help}`);
    };
    expect(await check()).toEqual([]);
    start(fake, room);
    fake.serverEmit('match:view', { room_id: room.id, round: 1, seat: 0, at_ms: 0, view: numberRushView(0) });
    await screen.findByTestId('number-rush-question');
    expect(await check()).toEqual([]);
    fake.serverEmit('match:finished', { room_id: room.id, result: buildMatchResult() });
    fake.serverEmit('match:result', { room_id: room.id, result: buildGameResult() });
    expect(await check()).toEqual([]);
  }, 20_000);
});
