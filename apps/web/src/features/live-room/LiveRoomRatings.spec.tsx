import { screen } from '@testing-library/react';
import type { PlayerRatingsResponse } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { buildUser } from '../../test/factories';
import { storeGuest } from '../../test/gameRoom';
import { installFakeSocket, type FakeSocket } from '../../test/realtime';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ALICE, BOB, buildJoined, buildRoom, buildRoomView, serveRoomView } from '../../test/rooms';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';
import { LiveRoom } from './LiveRoom';

function renderLiveRoom(roomId: string, language?: 'en' | 'es') {
  return renderWithProviders(
    <Routes>
      <Route path="/game/:gameId" element={<LiveRoom roomId={roomId} spectate={false} />} />
    </Routes>,
    { route: `/game/${roomId}`, language },
  );
}

/** Alice (user-1) is rated in number-rush; bob (user-2) has no rating yet. */
function serveRatings(requested: string[]): void {
  server.use(
    http.get(apiUrl('/users/:id/ratings'), ({ params }) => {
      const userId = String(params['id']);
      requested.push(userId);
      const body: PlayerRatingsResponse = {
        user_id: userId,
        ratings:
          userId === ALICE.id
            ? [
                {
                  game_id: 'number-rush',
                  rating: 1662.4,
                  deviation: 87.6,
                  volatility: 0.06,
                  games: 12,
                  updated_at: '2026-11-24T10:00:00.000Z',
                },
              ]
            : [],
      };
      return HttpResponse.json(body);
    }),
  );
}

describe('live room player panel: skill ratings', () => {
  let fake: FakeSocket;
  beforeEach(() => {
    fake = installFakeSocket();
  });

  it("shows both players' rating in this game, rounded with ± deviation (1500 ± 350 when unrated)", async () => {
    storeSignedInUser(buildUser({ id: ALICE.id, username: ALICE.username }));
    const room = buildRoom({ player1: ALICE, player2: BOB, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room, { your_seat: 0 }));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room, { your_seat: 0 }) }));
    const requested: string[] = [];
    serveRatings(requested);
    renderLiveRoom(room.id, 'es');

    expect(await screen.findByTestId('player-rating')).toHaveTextContent('Nivel de habilidad: 1662 ± 88');
    expect(await screen.findByTestId('opponent-rating')).toHaveTextContent('1500 ± 350');
    expect([...new Set(requested)].sort()).toEqual([ALICE.id, BOB.id]);
  });

  it('asks nothing and shows no rating to a guest', async () => {
    storeGuest();
    const room = buildRoom({ player1: ALICE, player2: BOB, current_players: 2, status: 'ready' });
    serveRoomView(buildRoomView(room));
    fake.respond('room:join', () => ({ ok: true, data: buildJoined(room) }));
    const requested: string[] = [];
    serveRatings(requested);
    renderLiveRoom(room.id);

    expect(await screen.findByTestId('opponent')).toHaveTextContent('bob');
    expect(screen.queryByTestId('player-rating')).not.toBeInTheDocument();
    expect(requested).toEqual([]);
  });
});
