import type { Ack, MatchInputAckDto, MatchViewDto } from '@skillduel/contracts';
import type { NumberRushView, PlayerView } from '@skillduel/games';
import { ClientSocket, nextEvent, numberRushAnswer, request, sleep } from '../../rooms/testing/rooms-test-kit';

/**
 * Answers `count` number-rush questions correctly, each `pauseMs()` after the previous acknowledgement: a constant for
 * a machine-steady script, a random draw for a player whose rhythm varies.
 */
export async function answerNumberRush(
  socket: ClientSocket,
  roomId: string,
  firstView: PlayerView<NumberRushView>,
  count: number,
  pauseMs: () => number,
): Promise<void> {
  let view = firstView;
  for (let i = 0; i < count; i++) {
    await sleep(pauseMs());
    const nextView = nextEvent<MatchViewDto>(socket, 'match:view');
    const ack = await request<Ack<MatchInputAckDto>>(socket, 'match:input', {
      room_id: roomId,
      input: { type: 'answer', value: numberRushAnswer(view) },
    });
    if (!ack.ok || !ack.data.accepted) throw new Error(`answer refused: ${JSON.stringify(ack)}`);
    view = (await nextView).view as PlayerView<NumberRushView>;
  }
}
