import type { GameRoomStatusLabel } from '@skillduel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { toast } from '../../app/toast';
import { useQuickMatch } from '../rooms/useQuickMatch';
import { useSession } from '../session/hooks';
import { ChatPanel } from './components/ChatPanel';
import { CountdownOverlay } from './components/CountdownOverlay';
import { FinishedScreen } from './components/FinishedScreen';
import { PlayerPanel } from './components/PlayerPanel';
import { PracticeBanner } from './components/PracticeBanner';
import { RoomHeader } from './components/RoomHeader';
import { SpectatingScreen, WaitingScreen } from './components/WaitingScreen';
import { GameBoard, preloadGame } from './games/GameBoard';
import { engineOf, PRACTICE_PLAYER, secondsLeft, type PracticeState } from './practiceMatch';
import { isBuiltInGameId, leaveRoomPath, type RoomTarget } from './roomTarget';
import { usePracticeMatch } from './usePracticeMatch';

function statusLabel(state: PracticeState, isGuest: boolean): GameRoomStatusLabel {
  switch (state.phase) {
    case 'idle':
      return isGuest ? 'practice' : 'waiting';
    case 'countdown':
      return 'ready';
    case 'playing':
      return 'playing';
    case 'finished':
      return 'finished';
  }
}

/**
 * Practice toasts: a win toasts 'You won!' with 'Practice win!' (practice is never paid); a loss 'You lost this
 * round…'.
 */
function useResultToast(state: PracticeState): void {
  const { t } = useTranslation();
  const finishedSeed = state.phase === 'finished' ? state.run.match.seed : null;
  const winner = state.phase === 'finished' ? state.result.winner : null;
  useEffect(() => {
    if (finishedSeed === null) return;
    // The id makes the toast once per match, even if the effect runs twice.
    const id = `practice-result-${finishedSeed}`;
    if (winner === 'player') {
      toast.success(t('gameRoom.toast.won'), { id, description: t('gameRoom.toast.practiceWin') });
    } else if (winner === 'computer') {
      toast.info(t('gameRoom.toast.lost'), id);
    }
  }, [finishedSeed, winner, t]);
}

/**
 * `/game/{gameId}` for a built-in game: practice against the computer (docs/product/rooms-and-matches.md#practice). The
 * engine runs in the browser; no money moves, so the bet is 0 and the subtitle says 'Practice Mode'.
 */
export function PracticeRoom({
  target,
  spectating,
}: {
  target: Extract<RoomTarget, { kind: 'game' }>;
  spectating: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isGuest = session.kind !== 'signedIn';
  const username = session.kind === 'anonymous' ? '' : session.user.username;
  const { state, timeLimitSeconds, start, reset, sendInput } = usePracticeMatch(target.engineId);
  // Find opponent: real-money quick match on a built-in game (docs/product/matchmaking.md#find-opponent).
  const quickMatch = useQuickMatch(target.gameId);
  const balanceDollars = session.kind === 'signedIn' ? (session.user.current_balance ?? session.user.balance ?? 0) : 0;
  const [focusStart, setFocusStart] = useState(false);
  useResultToast(state);
  useEffect(() => preloadGame(target.engineId), [target.engineId]);

  const leave = () => navigate(leaveRoomPath(isGuest));
  const playAgain = () => {
    setFocusStart(true);
    reset();
  };

  const running = state.phase === 'playing' ? state.run : null;
  const view = running ? engineOf(running.gameId).view(running.match, PRACTICE_PLAYER, running.clockMs) : null;
  const playerScore = state.phase === 'finished' ? state.result.playerScore : (view?.displayScore ?? 0);
  const opponentScore =
    state.phase === 'finished' ? state.result.opponentScore : state.phase === 'playing' ? state.run.botScore : 0;
  // Searching for a real opponent: no practice, no computer opponent on screen.
  const searching = !spectating && quickMatch.search !== null;
  const opponentName = searching ? t('matchmaking.opponentPending') : t('gameRoom.players.computer');

  return (
    <section className="page game-room" data-testid="game-room" data-phase={state.phase}>
      <div className="gr-content" inert={state.phase === 'countdown'}>
        <RoomHeader
          info={target.info}
          gameId={target.gameId}
          subtitle={
            spectating
              ? t('gameRoom.subtitle.spectating')
              : searching
                ? t('matchmaking.subtitle')
                : t('gameRoom.subtitle.practice')
          }
          secondsLeft={running ? secondsLeft(running.match, running.clockMs) : null}
          onLeave={leave}
        />
        {isGuest && <PracticeBanner />}
        <div className="gr-layout">
          <div className="gr-main">
            <PlayerPanel
              username={username}
              playerScore={playerScore}
              status={statusLabel(state, isGuest)}
              opponentName={opponentName}
              opponentScore={opponentScore}
            />
            <div className="card gr-stage">
              {spectating ? (
                <SpectatingScreen gameId={target.gameId} />
              ) : state.phase === 'idle' || state.phase === 'countdown' ? (
                <WaitingScreen
                  engineId={target.engineId}
                  isGuest={isGuest}
                  timeLimitSeconds={timeLimitSeconds}
                  onStart={start}
                  quickMatch={isBuiltInGameId(target.gameId) ? quickMatch : undefined}
                  balanceDollars={balanceDollars}
                  focusStart={focusStart}
                />
              ) : state.phase === 'playing' && view ? (
                <GameBoard
                  engineId={state.run.gameId}
                  view={view}
                  onInput={sendInput}
                  feedback={state.run.feedback}
                  notice={state.run.notice}
                />
              ) : state.phase === 'finished' ? (
                <FinishedScreen
                  winner={state.result.winner}
                  playerScore={state.result.playerScore}
                  opponentName={opponentName}
                  opponentScore={state.result.opponentScore}
                  earningsDollars={state.result.earningsDollars}
                  isGuest={isGuest}
                  isPractice
                  onPlayAgain={playAgain}
                  onLeave={leave}
                />
              ) : null}
            </div>
          </div>
          <ChatPanel isGuest={isGuest} username={username} />
        </div>
      </div>
      {state.phase === 'countdown' && <CountdownOverlay secondsLeft={state.secondsLeft} />}
    </section>
  );
}
