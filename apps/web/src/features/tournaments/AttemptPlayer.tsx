import {
  GAME_IDS,
  SERVER_EVENTS,
  type GameId,
  type MatchInputAckDto,
  type TournamentAttemptDto,
} from '@skillduel/contracts';
import type { InputOutcome, PlayerView } from '@skillduel/games';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { getRealtimeClient, realtimeAuthRefresher } from '../../app/realtime';
import { Spinner } from '../../app/ui/Spinner';
import { GameBoard } from '../game-room/games/GameBoard';
import type { InputFeedback, InputNotice } from '../game-room/practiceMatch';
import { standingsChanged } from './tournamentsApi';

type Phase = 'connecting' | 'countdown' | 'playing' | 'finished';

const isKnownGame = (id: string): id is GameId => (GAME_IDS as readonly string[]).includes(id);

/**
 * Plays one attempt over the socket (decision 2604): opens it with `tournament:attempt:join`, shows the server's views
 * with the duel's game boards, sends inputs with `tournament:attempt:input`, and shows the stored score at the end.
 */
export function AttemptPlayer({ attempt, onClose }: { attempt: TournamentAttemptDto; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [phase, setPhase] = useState<Phase>('connecting');
  const [view, setView] = useState<PlayerView<unknown> | null>(null);
  const [result, setResult] = useState<TournamentAttemptDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<InputFeedback | null>(null);
  const [notice, setNotice] = useState<InputNotice | null>(null);
  const seq = useRef(0);

  useEffect(() => {
    const client = getRealtimeClient();
    const lease = client.acquire({ refreshAuth: realtimeAuthRefresher(dispatch) });
    const stops = [
      client.on(SERVER_EVENTS.matchCountdown, (event) => {
        if (event.room_id === attempt.id) setPhase('countdown');
      }),
      client.on(SERVER_EVENTS.matchView, (event) => {
        if (event.room_id !== attempt.id) return;
        setPhase('playing');
        setView(event.view as PlayerView<unknown>);
      }),
      client.on(SERVER_EVENTS.tournamentAttemptFinished, (event) => {
        if (event.attempt.id !== attempt.id) return;
        setPhase('finished');
        setResult(event.attempt);
        dispatch(standingsChanged(attempt.tournament_id));
      }),
    ];
    void client.request('tournament:attempt:join', { attempt_id: attempt.id }).then((ack) => {
      if (!ack.ok) {
        setError(ack.error.message);
        return;
      }
      if (ack.data.phase === 'finished') {
        setPhase('finished');
        setResult(ack.data.attempt);
      } else {
        setPhase((current) => (current === 'connecting' ? ack.data.phase : current));
        if (ack.data.view) setView(ack.data.view as PlayerView<unknown>);
      }
    });
    return () => {
      for (const stop of stops) stop();
      lease.release();
    };
  }, [attempt.id, attempt.tournament_id, dispatch]);

  const onInput = (input: unknown) => {
    void getRealtimeClient()
      .request('tournament:attempt:input', { attempt_id: attempt.id, input })
      .then((ack) => {
        if (!ack.ok) return;
        const answer: MatchInputAckDto = ack.data;
        seq.current += 1;
        if (answer.accepted && answer.outcome) {
          setFeedback({ outcome: answer.outcome as InputOutcome, seq: seq.current });
        }
        setNotice(
          !answer.accepted && (answer.reason === 'too_fast' || answer.reason === 'not_ready')
            ? { reason: answer.reason, seq: seq.current }
            : null,
        );
      });
  };

  return (
    <section className="card attempt-player" aria-labelledby="attempt-title" data-testid="attempt-player">
      <h2 id="attempt-title">{t('tournaments.attempt.title', { number: attempt.attempt_no })}</h2>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      {!error && phase === 'connecting' && <Spinner label={t('tournaments.attempt.connecting')} />}
      {!error && phase === 'countdown' && <p role="status">{t('tournaments.attempt.countdown')}</p>}
      {!error && phase === 'playing' && view && isKnownGame(attempt.game_id) && (
        <GameBoard engineId={attempt.game_id} view={view} onInput={onInput} feedback={feedback} notice={notice} />
      )}
      {phase === 'finished' && result && (
        <p role="status" data-testid="attempt-result">
          {result.status === 'scored'
            ? t('tournaments.attempt.finished', { score: result.score ?? 0 })
            : t('tournaments.attempt.void')}
        </p>
      )}
      {(phase === 'finished' || error) && (
        <button type="button" className="button button-secondary" onClick={onClose}>
          {t('tournaments.attempt.close')}
        </button>
      )}
    </section>
  );
}
