import { screen, waitFor } from '@testing-library/react';
import type { DisputeDto } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { renderWithProviders } from '../../test/renderWithProviders';
import { apiUrl, server } from '../../test/server';
import { DisputeSection } from './DisputeSection';

const ROOM = 'room_AAAAAAAAAAAAAAAAAAAA';
const url = apiUrl(`/rooms/${ROOM}/rounds/1/disputes`);

function dispute(overrides: Partial<DisputeDto> = {}): DisputeDto {
  return {
    id: 'd1',
    room_id: ROOM,
    round: 1,
    status: 'open',
    reason: 'The timer jumped',
    decision_note: null,
    created_at: '2026-11-24T10:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

describe('disputing a match from History → Details', () => {
  it('sends the reason and then shows the dispute under review', async () => {
    let sent: unknown = null;
    server.use(
      http.get(url, () => HttpResponse.json(sent ? [dispute()] : [])),
      http.post(url, async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(dispute(), { status: 201 });
      }),
    );
    const { user } = renderWithProviders(<DisputeSection roomId={ROOM} round={1} />);
    await user.type(await screen.findByTestId('dispute-reason'), 'The timer jumped to zero');
    await user.click(screen.getByTestId('dispute-submit'));
    await waitFor(() => expect(sent).toEqual({ reason: 'The timer jumped to zero' }));
    expect(await screen.findByTestId('dispute-status')).toHaveTextContent('Under review since');
  });

  it('shows the server reason when the window has closed, and the decision once made', async () => {
    const detail = 'A match can be disputed within 72 hours of its end';
    server.use(
      http.get(url, () => HttpResponse.json([])),
      http.post(url, () =>
        HttpResponse.json({ statusCode: 409, detail, message: detail, code: 'DISPUTE_WINDOW_CLOSED' }, { status: 409 }),
      ),
    );
    const { user } = renderWithProviders(<DisputeSection roomId={ROOM} round={1} />);
    await user.type(await screen.findByTestId('dispute-reason'), 'Something was off here');
    await user.click(screen.getByTestId('dispute-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);

    server.use(
      http.get(url, () =>
        HttpResponse.json([
          dispute({ status: 'voided', decision_note: 'Lag on our side', decided_at: '2026-11-25T10:00:00.000Z' }),
        ]),
      ),
    );
    renderWithProviders(<DisputeSection roomId={ROOM} round={1} />);
    expect(await screen.findByTestId('dispute-status')).toHaveTextContent(
      'Reviewed: the match was voided and both stakes returned. Lag on our side',
    );
  });
});
