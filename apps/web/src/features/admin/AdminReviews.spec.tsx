import { screen, waitFor, within } from '@testing-library/react';
import {
  FAIR_PLAY_ERROR_CODES,
  FAIR_PLAY_MESSAGES,
  type AdminFairPlayEvidenceDto,
  type AdminReviewDto,
  type AdminUserDetailDto,
  type FairPlaySignalDto,
} from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { STORAGE_KEYS } from '../../app/storage';
import { buildUser } from '../../test/factories';
import { renderApp } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';

const MATCH_ID = '33333333-3333-4333-8333-333333333333';
const CHEATER_ID = '44444444-4444-4444-8444-444444444444';
const ROOM_ID = 'room_heldheldheld01';

const STEADY: FairPlaySignalDto = {
  kind: 'machine_regular',
  score: 1,
  evidence: {
    intervals: 11,
    mean_ms: 861.2,
    sd_ms: 6.1,
    cv: 0.0071,
    cv_threshold: 0.12,
    percentiles_ms: { p10: 852, p50: 860, p90: 871 },
    histogram: { from_ms: 850, to_ms: 874, counts: [2, 3, 4, 1, 0, 0, 0, 0, 0, 1] },
  },
};
const FAST: FairPlaySignalDto = {
  kind: 'superhuman_accuracy',
  score: 1,
  evidence: { correct: 12, answered: 12, accuracy: 1, median_answer_ms: 860, human_median_floor_ms: 900 },
};
const SILENT: FairPlaySignalDto = { kind: 'no_input', score: 0.5, evidence: { inputs: 0 } };

function review(overrides: Partial<AdminReviewDto> = {}): AdminReviewDto {
  return {
    match_id: MATCH_ID,
    room_id: ROOM_ID,
    round: 1,
    game_id: 'number-rush',
    bet: 5,
    held_user_id: CHEATER_ID,
    held_seat: 0,
    held_username: 'scripty',
    pending_approval: null,
    opponent_id: '55555555-5555-4555-8555-555555555555',
    opponent_username: 'idler',
    score: 2,
    signals: {
      seats: [
        { score: 2, signals: [STEADY, FAST] },
        { score: 0.5, signals: [SILENT] },
      ],
    },
    created_at: '2026-11-24T10:00:00.000Z',
    status: 'held',
    reasons: ['machine_regular', 'superhuman_accuracy'],
    decision_note: null,
    decided_at: null,
    ...overrides,
  };
}

function signInAsSupport(): void {
  localStorage.setItem(STORAGE_KEYS.accessToken, 'access');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'refresh');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(buildUser({ username: 'ops' })));
  server.use(
    http.get(apiUrl('/admin/me'), () => HttpResponse.json({ user_id: 'x', username: 'ops', role: 'support' })),
    http.get(apiUrl('/admin/users'), () => HttpResponse.json([])),
    // The replay of the round (the seed check itself is covered by the fairness specs).
    http.get(apiUrl('/rooms/:id/rounds/:round'), () => new HttpResponse(null, { status: 404 })),
  );
}

describe('operator console: fair-play reviews of held payouts', () => {
  it('lists held rounds, shows both seats’ evidence, and releases one with a required note', async () => {
    signInAsSupport();
    let current = review();
    const decisions: unknown[] = [];
    server.use(
      http.get(apiUrl('/admin/reviews'), () => HttpResponse.json(current.status === 'held' ? [current] : [])),
      http.get(apiUrl(`/admin/reviews/${MATCH_ID}`), () => HttpResponse.json(current)),
      http.post(apiUrl(`/admin/reviews/${MATCH_ID}/decide`), async ({ request }) => {
        decisions.push(await request.json());
        current = review({
          status: 'released',
          decision_note: 'Checked: a fast player',
          decided_at: '2026-11-24T11:00:00.000Z',
        });
        return HttpResponse.json(current);
      }),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-reviews'));
    const row = await screen.findByTestId('admin-review-row');
    for (const text of ['number-rush', '$5.00', 'scripty', 'idler', 'Machine-steady rhythm', 'Held']) {
      expect(row).toHaveTextContent(text);
    }
    await user.click(within(row).getByRole('button', { name: 'Open the review of scripty' }));

    const detail = await screen.findByTestId('admin-review');
    const held = within(detail).getByTestId('admin-review-seat-0');
    expect(held).toHaveTextContent('scripty (held)');
    expect(held).toHaveTextContent('Variation (sd / mean)0.0071');
    expect(held).toHaveTextContent('p10 852 · p50 860 · p90 871');
    expect(
      within(held).getByRole('img', { name: /Intervals from 850 to 874 ms, in ten equal bins: 2, 3, 4/ }),
    ).toBeInTheDocument();
    expect(held).toHaveTextContent('Median answer time (ms)860');
    expect(within(detail).getByTestId('admin-review-seat-1')).toHaveTextContent('Never sent an input');
    expect(within(detail).getByTestId('admin-review-replay')).toHaveAttribute('href', `/api/rooms/${ROOM_ID}/rounds/1`);

    // The note is required before either decision.
    const release = within(detail).getByTestId('admin-review-release');
    expect(release).toBeDisabled();
    expect(within(detail).getByTestId('admin-review-void')).toBeDisabled();
    await user.type(within(detail).getByTestId('admin-review-note'), 'Checked: a fast player');
    await user.click(release);
    await waitFor(() => expect(decisions).toEqual([{ decision: 'release', note: 'Checked: a fast player' }]));
    expect(await within(detail).findByTestId('admin-review-status')).toHaveTextContent('Released');
    expect(within(detail).getByTestId('admin-review-decision')).toHaveTextContent('“Checked: a fast player”');
    expect(within(detail).getByTestId('admin-review-release')).toBeDisabled();
    expect(await screen.findByText('No payout is held for review.')).toBeInTheDocument();
  });

  it('names the seats from the server’s held seat, also once a void has erased the winner (player 2 held)', async () => {
    signInAsSupport();
    const voided = review({
      held_seat: 1,
      status: 'voided',
      decision_note: 'Scripted',
      decided_at: '2026-11-24T11:00:00.000Z',
      signals: {
        seats: [
          { score: 0.5, signals: [SILENT] },
          { score: 2, signals: [STEADY, FAST] },
        ],
      },
    });
    server.use(
      http.get(apiUrl('/admin/reviews'), () => HttpResponse.json([voided])),
      http.get(apiUrl(`/admin/reviews/${MATCH_ID}`), () => HttpResponse.json(voided)),
    );
    const { user } = renderApp('/admin');
    await user.click(await screen.findByTestId('admin-tab-reviews'));
    await user.click(await screen.findByRole('checkbox', { name: /decided/i }));
    const row = await screen.findByTestId('admin-review-row');
    await user.click(within(row).getByRole('button', { name: 'Open the review of scripty' }));
    const detail = await screen.findByTestId('admin-review');
    expect(within(detail).getByTestId('admin-review-seat-1')).toHaveTextContent('scripty (held)');
    expect(within(detail).getByTestId('admin-review-seat-1')).toHaveTextContent('Machine-steady rhythm');
    expect(within(detail).getByTestId('admin-review-seat-0')).toHaveTextContent('idler');
  });

  it('shows the refusal when the review was decided meanwhile (409)', async () => {
    signInAsSupport();
    let refused = false;
    server.use(
      http.get(apiUrl('/admin/reviews'), () => HttpResponse.json([review()])),
      http.get(apiUrl(`/admin/reviews/${MATCH_ID}`), () =>
        HttpResponse.json(
          refused
            ? review({ status: 'voided', decision_note: 'Scripted', decided_at: '2026-11-24T11:00:00.000Z' })
            : review(),
        ),
      ),
      http.post(apiUrl(`/admin/reviews/${MATCH_ID}/decide`), () => {
        refused = true;
        return HttpResponse.json(
          {
            statusCode: 409,
            code: FAIR_PLAY_ERROR_CODES.reviewDecided,
            detail: FAIR_PLAY_MESSAGES.reviewDecided,
            message: FAIR_PLAY_MESSAGES.reviewDecided,
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderApp(`/admin?review=${MATCH_ID}`);
    const detail = await screen.findByTestId('admin-review');
    await user.type(within(detail).getByTestId('admin-review-note'), 'Looks fine');
    await user.click(within(detail).getByTestId('admin-review-release'));
    expect(await within(detail).findByRole('alert')).toHaveTextContent('This review has already been decided');
    // The console reloads the review: someone else voided it.
    expect(await within(detail).findByText('Voided', { selector: 'dd' })).toBeInTheDocument();
    expect(within(detail).getByRole('alert')).toHaveTextContent('This review has already been decided');
  });

  it('lists a player’s fair-play evidence on their page, held or not', async () => {
    signInAsSupport();
    const detail: AdminUserDetailDto = {
      id: CHEATER_ID,
      username: 'scripty',
      email: 'scripty@example.com',
      role: 'player',
      frozen: false,
      balance: 45,
      created_at: '2026-11-20T10:00:00.000Z',
      frozen_at: null,
      frozen_reason: null,
      credentials_changed_at: null,
      sessions: [],
      ledger: [],
      matches: [],
      withdrawals: [],
      eligibility: null,
      exclusion: null,
    };
    const evidence: AdminFairPlayEvidenceDto[] = [
      {
        match_id: MATCH_ID,
        room_id: ROOM_ID,
        round: 1,
        game_id: 'number-rush',
        score: 2,
        signals: [STEADY, FAST],
        held: true,
        ended_at: '2026-11-24T10:00:00.000Z',
      },
      {
        match_id: 'other-match',
        room_id: 'room_lostlostlost01',
        round: 2,
        game_id: 'quick-click',
        score: 0.5,
        signals: [SILENT],
        held: false,
        ended_at: '2026-11-23T10:00:00.000Z',
      },
    ];
    server.use(
      http.get(apiUrl(`/admin/users/${CHEATER_ID}`), () => HttpResponse.json(detail)),
      http.get(apiUrl(`/admin/users/${CHEATER_ID}/fair-play`), () => HttpResponse.json(evidence)),
    );
    renderApp(`/admin/users/${CHEATER_ID}`);
    const section = await screen.findByTestId('admin-user-fair-play');
    const rows = await within(section).findAllByTestId('admin-fair-play-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Held for review');
    expect(within(rows[0]).getByRole('link', { name: 'Held for review' })).toHaveAttribute(
      'href',
      `/admin?review=${MATCH_ID}`,
    );
    expect(rows[0]).toHaveTextContent('Machine-steady rhythm, Superhuman accuracy and speed');
    expect(rows[1]).toHaveTextContent('Paid as usual');
    expect(rows[1]).toHaveTextContent('Never sent an input');
  });
});
