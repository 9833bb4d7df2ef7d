import { act, screen, waitFor, within } from '@testing-library/react';
import { ROOM_MESSAGES, TOAST_MESSAGES, VALIDATION_MESSAGES, type RoomDto } from '@skillduel/contracts';
import axe from 'axe-core';
import { http, HttpResponse } from 'msw';
import { buildUser } from '../../test/factories';
import { storeGuest } from '../../test/gameRoom';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import { renderApp } from '../../test/renderWithProviders';
import { ALICE, BOB, buildRoom, CAROL, serveRooms } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';

type Recorded = { path: string; body: unknown; headers: Headers };

/** Records the POSTs the dashboard makes and answers them. */
function recordPosts(answers: Partial<Record<'create' | 'join' | 'spectate', () => Response>> = {}): Recorded[] {
  const calls: Recorded[] = [];
  const record = async (request: Request): Promise<void> => {
    const text = await request.text();
    calls.push({
      path: new URL(request.url).pathname,
      body: text ? (JSON.parse(text) as unknown) : null,
      headers: request.headers,
    });
  };
  server.use(
    http.post(apiUrl('/rooms'), async ({ request }) => {
      await record(request);
      return answers.create?.() ?? HttpResponse.json(buildRoom({ id: 'room_created0000000001' }), { status: 201 });
    }),
    http.post(apiUrl('/rooms/:id/join'), async ({ request }) => {
      await record(request);
      return answers.join?.() ?? HttpResponse.json({ success: true });
    }),
    http.post(apiUrl('/rooms/:id/spectate'), async ({ request }) => {
      await record(request);
      return answers.spectate?.() ?? HttpResponse.json({ success: true });
    }),
    // The room the dashboard navigates to (its page is another spec's business).
    http.get(apiUrl('/rooms/:id'), ({ params }) =>
      params['id'] === 'featured' ? undefined : HttpResponse.json({ detail: 'gone' }, { status: 404 }),
    ),
  );
  return calls;
}

const location = () => screen.getByTestId('location');
const cards = () => screen.queryAllByTestId('room-card');
const cardOf = (room: RoomDto) => cardById(room.id);
function cardById(id: string): HTMLElement {
  const card = cards().find((element) => element.dataset['roomId'] === id);
  if (!card) throw new Error(`no card for ${id}`);
  return card;
}

describe('dashboard', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = installFakeSocket();
  });

  describe('guests', () => {
    it('see the banner and the create-room prompt, no stat cards, and cannot join', async () => {
      const waiting = buildRoom();
      serveRooms([waiting]);
      const calls = recordPosts();
      const username = storeGuest();
      const { user } = renderApp('/dashboard');

      expect(await screen.findByTestId('greeting')).toHaveTextContent(`Welcome, ${username}!`);
      const banner = screen.getByTestId('guest-banner');
      expect(within(banner).getByRole('link', { name: 'Sign Up Now' })).toHaveAttribute('href', '/?mode=signup');
      expect(screen.queryByTestId('stat-cards')).not.toBeInTheDocument();
      expect(screen.getByTestId('create-room-guest')).toHaveTextContent(VALIDATION_MESSAGES.guestCreateRoom);
      expect(screen.queryByTestId('create-room')).not.toBeInTheDocument();

      await waitFor(() => expect(cards()).toHaveLength(1));
      const join = within(cardOf(waiting)).getByTestId('room-join');
      expect(join).toHaveAttribute('aria-disabled', 'true');
      await user.click(join);
      expect(await screen.findByText(VALIDATION_MESSAGES.guestJoinRoom)).toBeInTheDocument();
      expect(calls).toEqual([]);
      await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    });

    it('may watch a room', async () => {
      const playing = buildRoom({ status: 'playing', player2: ALICE, current_players: 2 });
      serveRooms([playing]);
      const calls = recordPosts();
      storeGuest();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(within(cardOf(playing)).queryByTestId('room-join')).not.toBeInTheDocument();
      await user.click(within(cardOf(playing)).getByRole('button', { name: 'Watch Number Rush room' }));
      expect(await screen.findByText(TOAST_MESSAGES.spectatingRoom)).toBeInTheDocument();
      expect(calls.map((call) => call.path)).toEqual([`/api/rooms/${playing.id}/spectate`]);
      await waitFor(() => expect(location()).toHaveTextContent(`/game/${playing.id}?spectate=true`));
    });
  });

  describe('signed-in users', () => {
    it('see the four stat cards from their user (rank defaults to Bronze)', async () => {
      storeSignedInUser(buildUser({ current_balance: 12.5, level: 4, rank: '' }));
      renderApp('/dashboard');
      expect(await screen.findByTestId('greeting')).toHaveTextContent('Welcome, alice!');
      expect(screen.queryByTestId('guest-banner')).not.toBeInTheDocument();
      expect(screen.getByTestId('stat-balance')).toHaveTextContent('Balance$12.50');
      expect(screen.getByTestId('stat-wins')).toHaveTextContent('Wins3');
      expect(screen.getByTestId('stat-level')).toHaveTextContent('Level4');
      expect(screen.getByTestId('stat-rank')).toHaveTextContent('RankBronze');
    });

    it('show platform stats: games, rooms, online players (sum of spectators)', async () => {
      serveRooms([buildRoom({ spectators: 3 }), buildRoom({ spectators: 4, status: 'playing' })]);
      storeSignedInUser();
      renderApp('/dashboard');
      await waitFor(() => expect(screen.getByTestId('platform-rooms')).toHaveTextContent('2'));
      expect(screen.getByTestId('platform-games')).toHaveTextContent('Games7');
      expect(screen.getByTestId('platform-online')).toHaveTextContent('Online players7');
    });

    it('never say 0 players online to a signed-in player (they are online themself)', async () => {
      server.use(
        http.get(apiUrl('/matchmaking/figures'), () =>
          HttpResponse.json({ players_online: 0, searching: 0, playing: 0, live_matches: 0, games: [] }),
        ),
      );
      storeSignedInUser();
      renderApp('/dashboard');
      await waitFor(() => expect(screen.getByTestId('platform-live')).toHaveTextContent('Live matches0'));
      expect(screen.getByTestId('platform-online')).toHaveTextContent('Online players1');
    });

    it('colour each status and offer Join only while waiting', async () => {
      const waiting = buildRoom();
      const playing = buildRoom({ status: 'playing', player2: ALICE, current_players: 2 });
      const ready = buildRoom({ status: 'ready', player2: CAROL, current_players: 2 });
      serveRooms([waiting, playing, ready]);
      storeSignedInUser();
      renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(3));

      const status = (room: RoomDto) => within(cardById(room.id)).getByTestId('room-status');
      expect(status(waiting)).toHaveAttribute('data-tone', 'yellow');
      expect(status(waiting)).toHaveTextContent('Waiting');
      expect(status(playing)).toHaveAttribute('data-tone', 'green');
      expect(status(playing)).toHaveTextContent('Playing');
      expect(status(ready)).toHaveAttribute('data-tone', 'grey');
      expect(within(cardById(waiting.id)).getByTestId('room-players')).toHaveTextContent('1/2');
      expect(within(cardById(playing.id)).getByTestId('room-players')).toHaveTextContent('2/2');
      expect(within(cardById(waiting.id)).getByTestId('room-bet')).toHaveTextContent('$5.00');

      expect(within(cardById(waiting.id)).getByTestId('room-join')).toBeEnabled();
      expect(within(cardById(playing.id)).queryByTestId('room-join')).not.toBeInTheDocument();
      expect(within(cardById(ready.id)).queryByTestId('room-join')).not.toBeInTheDocument();
    });

    it('offer Open instead of Join on their own room', async () => {
      const own = buildRoom({ player1: ALICE });
      serveRooms([own]);
      storeSignedInUser();
      renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(within(cardOf(own)).queryByTestId('room-join')).not.toBeInTheDocument();
      expect(within(cardOf(own)).getByTestId('room-open')).toHaveAttribute('href', `/game/${own.id}`);
    });

    it('join a room: toast, balance reloaded, then the room', async () => {
      const waiting = buildRoom();
      serveRooms([waiting]);
      const calls = recordPosts();
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      await user.click(within(cardOf(waiting)).getByRole('button', { name: 'Join Number Rush room' }));
      expect(await screen.findByText(TOAST_MESSAGES.joinedRoom)).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(new RegExp(`^/game/${waiting.id}$`)));
      expect(calls[0]?.path).toBe(`/api/rooms/${waiting.id}/join`);
      expect(calls[0]?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('join a private room with its password', async () => {
      const secret = buildRoom({ is_private: true });
      serveRooms([secret]);
      const calls = recordPosts();
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(within(cardOf(secret)).getByTestId('room-private')).toHaveTextContent('Private');
      // Only its players may watch a private room (decision 2350).
      expect(within(cardOf(secret)).queryByTestId('room-watch')).toBeNull();
      await user.click(within(cardOf(secret)).getByTestId('room-join'));
      const password = within(cardOf(secret)).getByLabelText('Room password');
      expect(password).toHaveFocus();
      await user.click(within(cardOf(secret)).getByRole('button', { name: 'Join for $5.00' }));
      expect(await within(cardOf(secret)).findByRole('alert')).toHaveTextContent('Enter the room password');
      expect(calls).toEqual([]);
      await user.type(password, 'open sesame{Enter}');
      expect(await screen.findByText(TOAST_MESSAGES.joinedRoom)).toBeInTheDocument();
      expect(calls[0]?.body).toEqual({ password: 'open sesame' });
    });

    it('hear why a join failed', async () => {
      const secret = buildRoom({ is_private: true });
      serveRooms([secret]);
      recordPosts({
        join: () => HttpResponse.json({ statusCode: 403, detail: ROOM_MESSAGES.wrongPassword }, { status: 400 }),
      });
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      await user.click(within(cardOf(secret)).getByTestId('room-join'));
      await user.type(within(cardOf(secret)).getByLabelText('Room password'), 'nope{Enter}');
      expect(await screen.findByText(TOAST_MESSAGES.failedToJoinRoom)).toBeInTheDocument();
      expect(screen.getByText(ROOM_MESSAGES.wrongPassword)).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    });

    it('hear when watching failed', async () => {
      const room = buildRoom();
      serveRooms([room]);
      recordPosts({ spectate: () => HttpResponse.json({ detail: 'boom' }, { status: 500 }) });
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      await user.click(within(cardOf(room)).getByTestId('room-watch'));
      expect(await screen.findByText(TOAST_MESSAGES.failedToSpectateRoom)).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    });

    it('filter Active Rooms by game (the server filters too)', async () => {
      const rush = buildRoom();
      const click = buildRoom({ game_id: 'quick-click', game_name: 'Quick Click', game_icon: '⚡' });
      serveRooms([rush, click]);
      const queries: string[] = [];
      server.events.on('request:start', ({ request }) => {
        const url = new URL(request.url);
        if (url.pathname === '/api/rooms') queries.push(url.search);
      });
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(2));
      await user.selectOptions(screen.getByLabelText('Filter by game'), 'Quick Click');
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(cards()[0]).toHaveAttribute('data-game-id', 'quick-click');
      expect(queries).toContain('?game=quick-click');
      // Platform stats still count every room.
      expect(screen.getByTestId('platform-rooms')).toHaveTextContent('2');
      await user.selectOptions(screen.getByLabelText('Filter by game'), 'All games');
      expect(cards()).toHaveLength(2);
      server.events.removeAllListeners();
    });

    it('Refresh reloads the rooms', async () => {
      let rooms: RoomDto[] = [];
      server.use(http.get(apiUrl('/rooms'), () => HttpResponse.json(rooms)));
      storeSignedInUser();
      const { user } = renderApp('/dashboard');
      expect(await screen.findByTestId('rooms-empty')).toHaveTextContent('No active rooms right now.');
      rooms = [buildRoom()];
      await user.click(screen.getByRole('button', { name: 'Refresh' }));
      await waitFor(() => expect(cards()).toHaveLength(1));
    });

    it('keep Active Rooms and the featured duel live from lobby events, without Refresh', async () => {
      const first = buildRoom();
      serveRooms([first]);
      storeSignedInUser();
      renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(1));
      await waitFor(() => expect(fake.sentOf('lobby:subscribe')).toHaveLength(1));
      expect(fake.lastAuth).toEqual({ token: 'access-token-1' });

      // RTK batches cache updates to the next frame: the grid follows a moment later.
      const created = buildRoom({ player1: CAROL, bet_amount: 7 });
      fake.serverEmit('lobby:room', { kind: 'created', room: created });
      await waitFor(() => expect(cards().map((card) => card.dataset['roomId'])).toEqual([created.id, first.id]));
      expect(screen.getByTestId('platform-rooms')).toHaveTextContent('2');

      fake.serverEmit('lobby:room', { kind: 'updated', room: { ...first, spectators: 9 } });
      await waitFor(() => expect(within(cardById(first.id)).getByTestId('room-spectators')).toHaveTextContent('9'));
      expect(screen.getByTestId('platform-online')).toHaveTextContent('9');

      fake.serverEmit('lobby:room', {
        kind: 'started',
        room: { ...first, status: 'playing', player2: ALICE, current_players: 2 },
      });
      await waitFor(() => expect(within(cardById(first.id)).getByTestId('room-status')).toHaveTextContent('Playing'));

      fake.serverEmit('lobby:room', { kind: 'closed', room: { ...created, status: 'cancelled' } });
      fake.serverEmit('lobby:room', { kind: 'finished', room: { ...first, status: 'finished' } });
      await waitFor(() => expect(cards()).toHaveLength(0));
    });

    it('re-subscribe the lobby and reload after a reconnect', async () => {
      let served = 0;
      server.use(
        http.get(apiUrl('/rooms'), () => {
          served += 1;
          return HttpResponse.json([]);
        }),
      );
      storeSignedInUser();
      renderApp('/dashboard');
      await screen.findByTestId('rooms-empty');
      fake.dropConnection();
      expect(await screen.findByTestId('reconnecting')).toHaveTextContent('Reconnecting…');
      await fake.reconnect();
      expect(screen.queryByTestId('reconnecting')).not.toBeInTheDocument();
      await waitFor(() => expect(fake.sentOf('lobby:subscribe')).toHaveLength(2));
      await waitFor(() => expect(served).toBe(2));
    });

    it('show a failed rooms load as an empty list with the spec toast', async () => {
      server.use(
        http.get(apiUrl('/rooms'), () => HttpResponse.json({ detail: 'down' }, { status: 500 })),
        http.get(apiUrl('/rooms/featured'), () => HttpResponse.json({ detail: 'down' }, { status: 500 })),
      );
      storeSignedInUser();
      renderApp('/dashboard');
      expect(await screen.findByText(TOAST_MESSAGES.failedToLoadRooms)).toBeInTheDocument();
      expect(await screen.findByText(TOAST_MESSAGES.failedToLoadFeaturedDuel)).toBeInTheDocument();
      expect(screen.getByTestId('rooms-empty')).toBeInTheDocument();
      expect(screen.getByTestId('featured-empty')).toBeInTheDocument();
    });
  });

  describe('featured duel', () => {
    it('shows both players, the game, bet, spectators and LIVE; Watch Live spectates', async () => {
      const live = buildRoom({ status: 'playing', player2: ALICE, current_players: 2, spectators: 12, bet_amount: 25 });
      serveRooms([live], live);
      const calls = recordPosts();
      storeSignedInUser(buildUser({ id: 'someone-else' }));
      const { user } = renderApp('/dashboard');
      const card = await screen.findByTestId('featured-duel');
      await waitFor(() => expect(within(card).getByTestId('featured-game')).toHaveTextContent('Number Rush'));
      expect(within(card).getByTestId('featured-player1')).toHaveTextContent(BOB.username);
      expect(within(card).getByTestId('featured-player1')).toHaveTextContent('Level 7');
      expect(within(card).getByTestId('featured-player2')).toHaveTextContent(ALICE.username);
      expect(within(card).getByTestId('featured-bet')).toHaveTextContent('$25.00');
      expect(within(card).getByTestId('featured-spectators')).toHaveTextContent('12');
      expect(within(card).getByTestId('live-badge')).toHaveTextContent('LIVE');

      await user.click(within(card).getByRole('button', { name: 'Watch Live' }));
      expect(await screen.findByText(TOAST_MESSAGES.spectatingRoom)).toBeInTheDocument();
      expect(calls.map((call) => call.path)).toEqual([`/api/rooms/${live.id}/spectate`]);
      await waitFor(() => expect(location()).toHaveTextContent(`/game/${live.id}?spectate=true`));
    });

    it('has no LIVE badge while waiting, and says when there is none', async () => {
      const waiting = buildRoom();
      serveRooms([waiting], waiting);
      storeSignedInUser();
      renderApp('/dashboard');
      const card = await screen.findByTestId('featured-duel');
      await waitFor(() => expect(within(card).getByTestId('featured-player2')).toHaveTextContent('Waiting'));
      expect(within(card).queryByTestId('live-badge')).not.toBeInTheDocument();
      // Says what it is: no LIVE, no Watch Live before the start.
      expect(within(card).getByTestId('waiting-badge')).toHaveTextContent('Waiting for opponent');
      expect(within(card).getByRole('button', { name: 'Watch room' })).toBeInTheDocument();

      fake.serverEmit('lobby:room', { kind: 'started', room: { ...waiting, status: 'playing', player2: ALICE } });
      expect(await within(card).findByTestId('live-badge')).toBeInTheDocument();
    });

    it('treats a 404 as no featured duel', async () => {
      server.use(http.get(apiUrl('/rooms/featured'), () => HttpResponse.json({ detail: 'x' }, { status: 404 })));
      storeSignedInUser();
      renderApp('/dashboard');
      expect(await screen.findByTestId('featured-empty')).toHaveTextContent('No duels to watch right now.');
      expect(screen.queryByText(TOAST_MESSAGES.failedToLoadFeaturedDuel)).not.toBeInTheDocument();
    });
  });

  describe('create room', () => {
    async function openForm() {
      storeSignedInUser(buildUser({ current_balance: 20, balance: 20 }));
      const rendered = renderApp('/dashboard');
      await screen.findByTestId('create-room');
      // The game list arrives with the catalogue.
      await within(screen.getByTestId('create-room')).findByRole('option', { name: 'Number Rush' });
      return rendered;
    }

    it('needs a game and a valid bet', async () => {
      const calls = recordPosts();
      const { user } = await openForm();
      const bet = screen.getByLabelText('Bet amount ($)');
      expect(bet).toHaveAttribute('min', '1');
      expect(bet).toHaveAttribute('step', '0.01');
      // The bet starts at the default bet; the game must still be chosen.
      expect(bet).toHaveValue(10);
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(screen.getByText(ROOM_MESSAGES.chooseGame)).toBeInTheDocument();
      expect(screen.queryByTestId('create-room-bet-error')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Game')).toHaveFocus();

      await user.selectOptions(screen.getByLabelText('Game'), 'Number Rush');
      // The bet follows the game's default until it is typed.
      expect(bet).toHaveValue(10);
      await user.clear(bet);
      await user.type(bet, '0');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(screen.getByTestId('create-room-bet-error')).toHaveTextContent(VALIDATION_MESSAGES.invalidBet);
      expect(bet).toHaveFocus();
      expect(bet).toHaveAttribute('aria-invalid', 'true');

      await user.clear(bet);
      await user.type(bet, '25');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(screen.getByTestId('create-room-bet-error')).toHaveTextContent(VALIDATION_MESSAGES.insufficientBalance);

      await user.click(screen.getByLabelText('Private room'));
      await user.clear(bet);
      await user.type(bet, '5');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(screen.getByText(ROOM_MESSAGES.passwordRequired)).toBeInTheDocument();
      expect(calls).toEqual([]);
    });

    it('creates the room with one click and opens it', async () => {
      const calls = recordPosts();
      const { user } = await openForm();
      await user.selectOptions(screen.getByLabelText('Game'), 'Number Rush');
      const bet = screen.getByLabelText('Bet amount ($)');
      await user.clear(bet);
      await user.type(bet, '5.5');
      expect(screen.getByTestId('create-room-summary')).toHaveTextContent(
        'You bet $5.50 now; it is held until the match ends. The winner takes $11.00.',
      );
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(await screen.findByText(TOAST_MESSAGES.roomCreated)).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/game\/room_created0000000001$/));
      expect(calls[0]?.body).toEqual({ game_id: 'number-rush', bet_amount: 5.5, is_private: false, max_players: 2 });
      expect(calls[0]?.headers.get('Idempotency-Key')).toBeTruthy();
    });

    it('refuses a private room password shorter than 6 characters before sending anything', async () => {
      const calls = recordPosts();
      const { user } = await openForm();
      await user.selectOptions(screen.getByLabelText('Game'), 'Quick Click');
      await user.click(screen.getByLabelText('Private room'));
      expect(screen.getByLabelText('Room password')).toHaveAttribute('minlength', '6');
      await user.type(screen.getByLabelText('Room password'), 'hunt5');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(screen.getByText(ROOM_MESSAGES.passwordRequired)).toBeInTheDocument();
      expect(ROOM_MESSAGES.passwordRequired).toContain('6 to 64 characters');
      expect(calls).toEqual([]);
    });

    it('sends a private room’s password', async () => {
      const calls = recordPosts();
      const { user } = await openForm();
      await user.selectOptions(screen.getByLabelText('Game'), 'Quick Click');
      await user.click(screen.getByLabelText('Private room'));
      await user.type(screen.getByLabelText('Room password'), 'hunter22');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(await screen.findByText(TOAST_MESSAGES.roomCreated)).toBeInTheDocument();
      expect(calls[0]?.body).toEqual({
        game_id: 'quick-click',
        bet_amount: 10,
        is_private: true,
        max_players: 2,
        password: 'hunter22',
      });
    });

    it('says why the server refused', async () => {
      recordPosts({
        create: () =>
          HttpResponse.json({ statusCode: 400, detail: VALIDATION_MESSAGES.insufficientBalance }, { status: 400 }),
      });
      const { user } = await openForm();
      await user.selectOptions(screen.getByLabelText('Game'), 'Number Rush');
      await user.click(screen.getByRole('button', { name: 'Create Room' }));
      expect(await screen.findByText(TOAST_MESSAGES.failedToCreateRoom)).toBeInTheDocument();
      expect(screen.getByText(VALIDATION_MESSAGES.insufficientBalance)).toBeInTheDocument();
      await waitFor(() => expect(location()).toHaveTextContent(/^\/dashboard$/));
    });
  });

  describe('language and accessibility', () => {
    it('speaks Spanish', async () => {
      serveRooms([buildRoom()]);
      storeSignedInUser();
      renderApp('/dashboard', { language: 'es' });
      expect(await screen.findByRole('heading', { name: 'Salas activas' })).toBeInTheDocument();
      await waitFor(() => expect(cards()).toHaveLength(1));
      expect(screen.getByRole('button', { name: 'Unirse a la sala de Carrera de Números' })).toBeInTheDocument();
      expect(screen.getByTestId('room-status')).toHaveTextContent('Esperando');
      expect(screen.getByRole('heading', { name: 'Crear sala' })).toBeInTheDocument();
    });

    it('has no axe violations (structure; contrast is checked in e2e)', async () => {
      jest.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
      const live = buildRoom({ status: 'playing', player2: ALICE, current_players: 2, spectators: 2 });
      serveRooms([buildRoom({ is_private: true }), live], live);
      storeSignedInUser();
      const { container } = renderApp('/dashboard');
      await waitFor(() => expect(cards()).toHaveLength(2));
      await screen.findByTestId('live-badge');
      const results = await act(() => axe.run(container, { rules: { 'color-contrast': { enabled: false } } }));
      expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
      jest.restoreAllMocks();
    }, 20_000);
  });
});
