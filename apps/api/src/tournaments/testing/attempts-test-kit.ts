import type {
  Ack,
  MatchInputAckDto,
  MatchViewDto,
  TournamentAttemptDto,
  TournamentAttemptFinishedDto,
  TournamentAttemptJoinedDto,
} from '@skillduel/contracts';
import type { NumberRushView, PlayerView } from '@skillduel/games';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bearer, RegisteredUser } from '../../../test/auth-helpers';
import {
  ClientSocket,
  nextEvent,
  numberRushAnswer,
  request,
  thinkAboutNumberRush,
} from '../../rooms/testing/rooms-test-kit';

type NumberRushPlayerView = PlayerView<NumberRushView>;

/** POST /api/tournaments/{id}/attempts as `player`. */
export function startAttempt(app: NestFastifyApplication, player: RegisteredUser, tournamentId: string) {
  return app.inject({
    method: 'POST',
    url: `/api/tournaments/${tournamentId}/attempts`,
    headers: bearer(player.accessToken),
  });
}

/**
 * Opens a number-rush attempt over `socket`, answers `correct` questions right at a human pace, and waits for the
 * stored result (time-up). Resolves with the first question shown and the finished attempt.
 */
export async function playNumberRushAttempt(socket: ClientSocket, attempt: TournamentAttemptDto, correct: number) {
  const firstView = nextEvent<MatchViewDto>(socket, 'match:view', (event) => event.room_id === attempt.id, 10_000);
  const finished = nextEvent<TournamentAttemptFinishedDto>(
    socket,
    'tournament:attempt:finished',
    (event) => event.attempt.id === attempt.id,
    20_000,
  );
  const joined = await request<Ack<TournamentAttemptJoinedDto>>(socket, 'tournament:attempt:join', {
    attempt_id: attempt.id,
  });
  if (!joined.ok) throw new Error(`join refused: ${joined.error.message}`);
  if (joined.data.attempt.status !== 'playing') throw new Error(`attempt not playing: ${joined.data.attempt.status}`);
  let view = (await firstView).view as NumberRushPlayerView;
  const firstQuestion = view.game.question;
  for (let i = 0; i < correct; i++) {
    await thinkAboutNumberRush(view);
    const nextView = nextEvent<MatchViewDto>(socket, 'match:view', (event) => event.room_id === attempt.id);
    const ack = await request<Ack<MatchInputAckDto>>(socket, 'tournament:attempt:input', {
      attempt_id: attempt.id,
      input: { type: 'answer', value: numberRushAnswer(view) },
    });
    if (!ack.ok || !ack.data.accepted || ack.data.outcome?.kind !== 'scored') {
      throw new Error(`answer refused: ${JSON.stringify(ack)}`);
    }
    view = (await nextView).view as NumberRushPlayerView;
  }
  return { firstQuestion, finished: await finished };
}
