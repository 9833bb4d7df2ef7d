import { screen, within } from '@testing-library/react';
import type {
  MatchHistoryItemDto,
  MatchHistoryPageDto,
  MatchLogEntry,
  MatchReplayDto,
  RoundReviewDto,
} from '@skillduel/contracts';
import { numberRushEngine, numberRushQuestion } from '@skillduel/games';
import { http, HttpResponse } from 'msw';
import { createHash } from 'node:crypto';
import { storeSignedIn } from '../../test/gameRoom';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const SEED = 'held-round-seed';
const TIME_LIMIT_MS = 10_000;

/** A real number-rush round (player 1 answers, player 2 idle) as the server publishes it, with its review. */
function playedRound(roomId: string, review: RoundReviewDto | null): MatchReplayDto {
  let state = numberRushEngine.create(SEED, { timeLimitMs: TIME_LIMIT_MS });
  const log: MatchLogEntry[] = [];
  for (const atMs of [900, 1_800, 2_700]) {
    const { answer } = numberRushQuestion(SEED, numberRushEngine.view(state, 0, atMs).game.questionIndex);
    const input = { type: 'answer', value: answer };
    state = numberRushEngine.applyInput(state, 0, input, atMs).state;
    log.push({ at_ms: atMs, seat: 0, input });
  }
  state = numberRushEngine.tick(state, TIME_LIMIT_MS);
  log.push({ at_ms: TIME_LIMIT_MS, tick: true });
  const board = numberRushEngine.scoreboard(state);
  const released = review?.status === 'released';
  return {
    room_id: roomId,
    round: 1,
    game_id: 'number-rush',
    time_limit_ms: TIME_LIMIT_MS,
    input_log: log,
    review,
    result: {
      round: 1,
      outcome: review?.status === 'voided' ? 'void' : 'player1',
      reason: 'time_up',
      scores: [board.scores[0], board.scores[1]],
      display_scores: [board.displayScores[0], board.displayScores[1]],
      duration: 10,
      pot: 10,
      fee: released ? 0.5 : 0,
      payout: released ? 9.5 : 0,
      seed_hash: createHash('sha256').update(SEED).digest('hex'),
      seed: SEED,
      ended_at: '2026-11-24T10:00:00.000Z',
      ...(review?.status === 'held' ? { payout_held: true } : {}),
    },
  };
}

function item(roomId: string, overrides: Partial<MatchHistoryItemDto>): MatchHistoryItemDto {
  return {
    id: `match-${roomId}`,
    room_id: roomId,
    round: 1,
    game_id: 'number-rush',
    game_name: 'Number Rush',
    game_icon: '🔢',
    opponent: { id: 'bob-id', username: 'bob' },
    bet: 5,
    result: 'win',
    score: 30,
    opponent_score: 0,
    earnings: 4.5,
    ended_at: '2026-11-24T10:00:00.000Z',
    ...overrides,
  };
}

const HELD_ROOM = 'room_heldheldheld01';
const RELEASED_ROOM = 'room_releasedrel01';
const VOIDED_ROOM = 'room_voidedvoided1';
const REVIEWS: Record<string, RoundReviewDto> = {
  [HELD_ROOM]: {
    status: 'held',
    reasons: ['machine_regular', 'superhuman_accuracy'],
    decision_note: null,
    decided_at: null,
  },
  [RELEASED_ROOM]: {
    status: 'released',
    reasons: ['machine_regular'],
    decision_note: 'Checked the replay: a fast, honest player',
    decided_at: '2026-11-24T11:00:00.000Z',
  },
  [VOIDED_ROOM]: {
    status: 'voided',
    reasons: ['reaction_floor_cluster', 'no_input'],
    decision_note: 'Scripted inputs; both bets refunded',
    decided_at: '2026-11-24T11:30:00.000Z',
  },
};

/** A player's disputes of the round: none. */
const noDisputes = http.get(apiUrl('/rooms/:id/rounds/:round/disputes'), () => HttpResponse.json([]));

function serveHistory(): void {
  server.use(
    noDisputes,
    http.get(apiUrl('/users/me/matches'), () => {
      const body: MatchHistoryPageDto = {
        page: 1,
        page_size: 10,
        total: 3,
        matches: [
          item(HELD_ROOM, { result: 'held', earnings: 0 }),
          item(RELEASED_ROOM, { result: 'win', earnings: 4.5 }),
          item(VOIDED_ROOM, { result: 'void', earnings: 0 }),
        ],
      };
      return HttpResponse.json(body);
    }),
    http.get(apiUrl('/rooms/:id/rounds/:round'), ({ params }) => {
      const roomId = String(params['id']);
      return HttpResponse.json(playedRound(roomId, REVIEWS[roomId] ?? null));
    }),
  );
}

async function openDetails(user: ReturnType<typeof renderApp>['user'], index: number) {
  const rows = await screen.findAllByTestId('history-row');
  await user.click(within(rows[index]).getByRole('button', { name: /Details|Detalles/ }));
  const details = await screen.findByTestId('match-details');
  // The in-browser check recomputes the published scores from the seed and the log, whatever the review decided.
  expect(await within(details).findByText(/equals the hash published|coincide con el hash/)).toBeInTheDocument();
  expect(within(details).getByText(/logged inputs|entradas registradas/)).toBeInTheDocument();
  expect(within(details).queryByText('✗')).not.toBeInTheDocument();
  return details;
}

describe('profile history: rounds held for a fair-play review', () => {
  it('labels a held round, says nothing was paid, and shows why it is held with a green fairness check', async () => {
    serveHistory();
    storeSignedIn();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const rows = await screen.findAllByTestId('history-row');
    expect(rows[0]).toHaveTextContent('Held for review');
    expect(within(rows[0]).getByTestId('history-money')).toHaveTextContent('$5.00 in escrow, nothing paid yet');
    expect(rows[0]).not.toHaveTextContent('Won');

    const details = await openDetails(user, 0);
    const review = within(details).getByTestId('round-review');
    expect(review).toHaveAttribute('data-status', 'held');
    expect(review).toHaveTextContent('Held for review: nobody has been paid yet');
    expect(within(review).getByTestId('round-review-reasons')).toHaveTextContent(
      'Inputs came at a machine-steady rhythm',
    );
    expect(review).toHaveTextContent('Accuracy and speed together beyond a human profile');
    expect(within(review).queryByTestId('round-review-note')).not.toBeInTheDocument();
    // Not disputable while support has not decided.
    expect(within(details).queryByTestId('dispute-reason')).not.toBeInTheDocument();
  });

  it('shows a released round as released with support’s note', async () => {
    serveHistory();
    storeSignedIn();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const details = await openDetails(user, 1);
    const review = within(details).getByTestId('round-review');
    expect(review).toHaveTextContent('Released by support: the round was paid as played.');
    expect(within(review).getByTestId('round-review-note')).toHaveTextContent(
      'Support’s note: “Checked the replay: a fast, honest player”',
    );
    expect(await within(details).findByTestId('dispute-reason')).toBeInTheDocument();
  });

  it('shows a voided round in Spanish, with the reasons in words', async () => {
    serveHistory();
    storeSignedIn();
    const { user } = renderApp('/profile', { language: 'es' });
    await user.click(await screen.findByRole('tab', { name: 'Historial' }));
    const rows = await screen.findAllByTestId('history-row');
    expect(rows[0]).toHaveTextContent('Retenida para revisión');
    const details = await openDetails(user, 2);
    const review = within(details).getByTestId('round-review');
    expect(review).toHaveTextContent('Anulada por soporte: se devolvieron ambas apuestas.');
    expect(review).toHaveTextContent('Reacciones agrupadas justo por encima del límite humano');
    expect(review).toHaveTextContent('Un jugador nunca hizo un movimiento');
    expect(review).toHaveTextContent('Scripted inputs; both bets refunded');
  });

  it('shows no review for a round that was never held', async () => {
    server.use(
      noDisputes,
      http.get(apiUrl('/users/me/matches'), () =>
        HttpResponse.json({ page: 1, page_size: 10, total: 1, matches: [item('room_plainplain001', {})] }),
      ),
      http.get(apiUrl('/rooms/:id/rounds/:round'), ({ params }) =>
        HttpResponse.json(playedRound(String(params['id']), null)),
      ),
    );
    storeSignedIn();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('tab', { name: 'History' }));
    const details = await openDetails(user, 0);
    expect(within(details).queryByTestId('round-review')).not.toBeInTheDocument();
  });
});
