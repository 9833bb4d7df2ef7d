// Shared by bench:realtime and bench:scale: players that answer number-rush at a person's pace, so the benchmarks
// measure the normal path and not the engines' refusals and flags. Since decision 1801 an answer sooner than
// `numberRushMinAnswerMs(question, answer)` after its question (350–600 ms) counts as wrong and is flagged, and more
// than 14 inputs/s over 3 s is refused; since decision 1802 a winner who is ≥ 95 % right with a median answer time
// under 900 ms, or machine-steady, has the payout held. The old clients answered every 50 or 150 ms.
import { ack } from './clients.mjs';

/**
 * Thinking time on top of the floor, roughly normal (sum of four uniforms, as the human answerer of
 * apps/api/src/fair-play/testing/bot-players.ts): mean 1 000 ms, sd 400 ms, at least 300 ms. With the floor that is
 * ~1.5 s per answer, the quick end of "a fast human answers every 1.5–3 s" (decision 1801).
 */
const THINK_MS = { mean: 1000, sd: 400, min: 300 };
/** Share of right answers: people slip, and the answers stay below the 95 % of the superhuman-accuracy signal. */
const ACCURACY = 0.9;
/** The player's clock at 0: the server ends the match about a round trip before the player's view of it does. */
const TIME_UP_MARGIN_MS = 100;

/** A human thinking time in ms: uneven from answer to answer, never a repeating pattern. */
function thinkingMs({ mean, sd, min } = THINK_MS) {
  const z = (Math.random() + Math.random() + Math.random() + Math.random() - 2) * Math.sqrt(3);
  return Math.max(min, Math.round(mean + z * sd));
}

/**
 * Counts over every benched seat: inputs sent, refused (ack `accepted: false`), errors (ack not ok), accepted
 * answers that the server timed under their floor (ack `at_ms` − the previous accepted `at_ms`, as the engine
 * measures), answers not sent because the player's clock had run out, and results (one per match) with how many had
 * their payout held.
 */
export function newTally() {
  return { inputs: 0, refused: 0, errors: 0, underFloor: 0, lateSkipped: 0, rounds: 0, held: 0, reasons: {} };
}

export function describeTally(tally) {
  const reasons = Object.entries(tally.reasons)
    .map(([reason, count]) => `${reason} ${count}`)
    .join(', ');
  return (
    `${tally.inputs} inputs, ${tally.refused} refused, ${tally.errors} errors${reasons ? ` (${reasons})` : ''}, ` +
    `${tally.underFloor} under the floor (server-timed), ${tally.lateSkipped} not sent at time-up; ` +
    `${tally.rounds} results, ${tally.held} payout_held`
  );
}

function countReason(tally, reason) {
  tally.reasons[reason] = (tally.reasons[reason] ?? 0) + 1;
}

/**
 * Plays one number-rush seat like a quick person: once play has started, each question (a `match:view`) is answered
 * `numberRushMinAnswerMs(question, answer) + thinkingMs()` after it arrived — after the server stamped it, so the engine's measured
 * time is at least that — nine in ten right. An answer due when the player's clock shows less than
 * TIME_UP_MARGIN_MS left is not sent (it would reach a finished match). Records into `tally`; seat 0's
 * `match:finished` counts the match's result and whether its payout was held. Resolves when the match has finished.
 */
export function playLikeAPerson(socket, roomId, seat, numberRush, tally) {
  let playing = false;
  let finished = false;
  let endsAtLocal = Infinity;
  let timer;
  let shownAtMs = 0;
  const send = (value, minMs) => {
    if (finished) return;
    if (Date.now() > endsAtLocal - TIME_UP_MARGIN_MS) {
      tally.lateSkipped++;
      return;
    }
    tally.inputs++;
    void ack(socket, 'match:input', { room_id: roomId, input: { type: 'answer', value } }).then((reply) => {
      if (!reply?.ok) {
        tally.errors++;
        countReason(tally, reply?.error?.code ?? 'error');
      } else if (reply.data?.accepted === false) {
        tally.refused++;
        countReason(tally, reply.data.reason);
      } else {
        if (reply.data.at_ms - shownAtMs < minMs) tally.underFloor++;
        shownAtMs = reply.data.at_ms;
      }
    });
  };
  const answer = (question) => {
    const right = numberRush.solveArithmetic(question);
    const value = Math.random() < ACCURACY ? right : right + 1;
    const minMs = numberRush.numberRushMinAnswerMs(question, right);
    clearTimeout(timer);
    timer = setTimeout(() => send(value, minMs), minMs + thinkingMs());
  };
  let latest = null;
  let latestIndex = -1;
  socket.on('match:view', (payload) => {
    if (payload.room_id !== roomId) return;
    const game = payload.view?.game;
    // Views repeat (a reconnect, the start of play): each question is answered once, timed from its first view.
    if (!game?.question || game.questionIndex === latestIndex) return;
    latest = game.question;
    latestIndex = game.questionIndex;
    // A question seen during the countdown is answered from the start of play (the engine's clock starts there).
    if (playing) answer(latest);
  });
  socket.once('match:started', (event) => {
    playing = true;
    endsAtLocal = Date.now() + event.time_limit_ms;
    if (latest) answer(latest);
  });
  return new Promise((resolve) =>
    socket.once('match:finished', (payload) => {
      finished = true;
      clearTimeout(timer);
      if (seat === 0) {
        tally.rounds++;
        if (payload.result?.payout_held) tally.held++;
      }
      resolve(payload);
    }),
  );
}
