import {
  type GameRoomStatusLabel,
  type GameRoomViewDto,
  type RealtimeErrorDto,
  type RoomPhase,
  type RoomSeat,
  type RoomStatus,
} from '@skillduel/contracts';
import { Eye } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { useAppDispatch } from '../../app/hooks';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { toast } from '../../app/toast';
import { Spinner } from '../../app/ui/Spinner';
import { GameRoomNotFound } from '../game-room/components/GameRoomNotFound';
import { PlayerPanel } from '../game-room/components/PlayerPanel';
import { RoomHeader } from '../game-room/components/RoomHeader';
import { GameBoard, preloadGame } from '../game-room/games/GameBoard';
import type { InputNotice } from '../game-room/practiceMatch';
import { isBuiltInGameId, leaveRoomPath } from '../game-room/roomTarget';
import { scoreModeOf } from '../game-room/scoreDisplay';
import { useGetGamesQuery } from '../games/gamesApi';
import { realtimeErrorText, roomFailureReason, translateRoomMessage } from '../rooms/messages';
import { refreshBalances, useGetRoomViewQuery, useLeaveRoomMutation } from '../rooms/roomsApi';
import { useSession } from '../session/hooks';
import { RoomChatPanel } from '../game-room/components/RoomChatPanel';
import { LiveCountdown } from './components/LiveCountdown';
import { LiveFinished } from './components/LiveFinished';
import { useSeatRatings } from './useSeatRatings';
import { LiveWaiting, type SeatSummary } from './components/LiveWaiting';
import { ReconnectingNotice } from './components/ReconnectingNotice';
import { ScoreAnnouncer } from './components/ScoreAnnouncer';
import { SpectatorStage } from './components/SpectatorStage';
import './live-room.css';
import { displayScores, otherSeat, type LiveNotice } from './liveRoomState';
import { useLiveRoom, type LiveRoomControls } from './useLiveRoom';
import { useResultToast } from './useResultToast';
import { secondsUntil, useServerNow } from './useServerNow';

/** The room's status before the socket has said anything (GET /rooms/{id}). */
function phaseOfStatus(status: RoomStatus | string): RoomPhase {
  switch (status) {
    case 'waiting':
    case 'ready':
    case 'playing':
    case 'finished':
    case 'cancelled':
      return status;
    default:
      return 'waiting';
  }
}

/** Engine reasons the game itself explains (GameBoard's notice line). */
function boardNotice(notice: LiveNotice | null): InputNotice | null {
  if (notice === null || notice.message !== null) return null;
  return notice.reason === 'too_fast' || notice.reason === 'not_ready'
    ? { reason: notice.reason, seq: notice.seq }
    : null;
}

/** Refusals worth a word: a refused request, or an input the engine found malformed; not "the round is over". */
function showsRejection(notice: LiveNotice | null): boolean {
  if (notice === null) return false;
  if (notice.message !== null) return true;
  return !['too_fast', 'not_ready', 'match_finished', 'player_finished'].includes(notice.reason);
}

function statusLabel(phase: RoomPhase, ownReady: boolean): GameRoomStatusLabel {
  switch (phase) {
    case 'playing':
      return 'playing';
    case 'finished':
    case 'cancelled':
      return 'finished';
    case 'countdown':
      return 'ready';
    case 'ready':
    case 'waiting':
      return ownReady ? 'ready' : 'waiting';
  }
}

/**
 * `/game/{roomId}` for a real room (an id containing 'room'): the room view from GET /rooms/{id} (a failure shows
 * 'Game Room Not Found'), then the live room over the socket. `spectate` (?spectate=true) means watching only.
 */
export function LiveRoom({ roomId, spectate }: { roomId: string; spectate: boolean }) {
  const { t } = useTranslation();
  const onError = useCallback(
    (error: RealtimeErrorDto) => toast.error(realtimeErrorText(t, error), `realtime-${error.code}`),
    [t],
  );
  // The socket joins while the room view loads.
  const controls = useLiveRoom(roomId, onError);
  const { data: view, isLoading, isError } = useGetRoomViewQuery(roomId);

  if (isLoading) return <Spinner label={t('gameRoom.loading')} className="page-spinner" />;
  if (isError || !view || controls.state.connection === 'notFound') return <GameRoomNotFound />;
  return <LiveRoomScreen roomId={roomId} spectate={spectate} view={view} controls={controls} />;
}

function LiveRoomScreen({
  roomId,
  spectate,
  view,
  controls,
}: {
  roomId: string;
  spectate: boolean;
  view: GameRoomViewDto;
  controls: LiveRoomControls;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const session = useSession();
  const { data: games } = useGetGamesQuery();
  const [leaveRoom] = useLeaveRoomMutation();
  const [starting, setStarting] = useState(false);
  const [playAgainPending, setPlayAgainPending] = useState(false);
  const { state } = controls;
  const bet = state.room?.bet_amount ?? view.bet_amount ?? view.betAmount ?? 0;
  useResultToast(controls, roomId, bet);

  const isGuest = session.kind !== 'signedIn';
  const me = session.kind === 'signedIn' ? session.user : null;
  const room = state.room;
  const player1 = room?.player1 ?? view.player1 ?? null;
  const player2 = room?.player2 ?? view.player2 ?? null;
  const seat: RoomSeat | null = state.connection === 'joined' ? state.yourSeat : (view.your_seat ?? null);
  // ?spectate=true or the spectatorMode flag make a spectator; so does not having a seat.
  const isSpectator = spectate || seat === null || isGuest || me?.spectatorMode === true;
  const playerSeat: RoomSeat | null = isSpectator ? null : seat;
  const phase: RoomPhase = state.phase ?? phaseOfStatus(view.status);
  const match = state.match;
  const gameId = room?.game_id ?? view.game_id;
  const engineId = isBuiltInGameId(gameId) ? gameId : null;
  const game = games?.find((candidate) => candidate.id === gameId);
  const timeLimitSeconds = match
    ? Math.round(match.time_limit_ms / 1000)
    : (view.settings?.time_limit ?? game?.avg_game_time ?? 30);
  const names: [string, string] = [
    player1?.username ?? t('liveRoom.players.player1'),
    player2?.username ?? t('liveRoom.players.player2'),
  ];
  const scoreMode = scoreModeOf(gameId);
  const scores = displayScores(state, scoreMode === 'points');
  const serverNow = useServerNow(state.clockOffsetMs, phase === 'countdown' || phase === 'playing');
  const secondsLeft = phase === 'playing' && match ? secondsUntil(match.ends_at, serverNow) : null;
  const countdownSeconds =
    phase === 'countdown' && match
      ? Math.min(Math.max(secondsUntil(match.starts_at, serverNow), 1), Math.ceil(view.settings?.preparation_time ?? 3))
      : null;
  const seats: [SeatSummary, SeatSummary] = [
    { username: player1?.username ?? null, ready: state.ready[0] },
    { username: player2?.username ?? null, ready: state.ready[1] },
  ];

  useEffect(() => {
    if (engineId) preloadGame(engineId);
  }, [engineId]);

  // A room closed under us (expired, the other player left before the start): say so once, balances change.
  useEffect(() => {
    if (phase !== 'cancelled') return;
    toast.info(t('rooms.serverMessages.roomCancelled'), `room-cancelled-${roomId}`);
    void dispatch(refreshBalances());
  }, [dispatch, phase, roomId, t]);

  useEffect(() => {
    if (state.connection === 'refused' && state.joinError) {
      toast.error(realtimeErrorText(t, state.joinError), `join-refused-${roomId}`);
    }
  }, [roomId, state.connection, state.joinError, t]);

  const start = async () => {
    setStarting(true);
    const refusal = await controls.ready();
    setStarting(false);
    if (refusal) toast.error(realtimeErrorText(t, refusal), 'ready-refused');
  };

  const playAgain = async () => {
    setPlayAgainPending(true);
    const refusal = await controls.playAgain();
    setPlayAgainPending(false);
    if (refusal) toast.error(realtimeErrorText(t, refusal), 'play-again-refused');
    else void dispatch(refreshBalances());
  };

  const leave = async () => {
    // Leaving before the match starts closes the room and refunds; during play the socket's
    // room:leave (on unmount) starts the reconnect grace period instead.
    if (playerSeat !== null && (phase === 'waiting' || phase === 'ready' || phase === 'finished')) {
      try {
        await leaveRoom(roomId).unwrap();
        void dispatch(refreshBalances());
      } catch (error) {
        if (phase !== 'finished') {
          const reason = roomFailureReason(t, error);
          if (reason) toast.error(reason, 'leave-failed');
        }
      }
    }
    navigate(leaveRoomPath(isGuest));
  };

  const other = playerSeat === null ? null : otherSeat(playerSeat);
  const opponent = other === null ? null : other === 0 ? player1 : player2;
  const ratings = useSeatRatings(
    playerSeat === null
      ? [player1?.id, player2?.id]
      : [(playerSeat === 0 ? player1 : player2)?.id ?? me?.id, opponent?.id],
    gameId,
    !isGuest,
    phase === 'finished',
  );
  const presence = state.presence;
  const spectators = presence?.spectators ?? room?.spectators ?? view.spectators ?? 0;
  const away = (presence?.players ?? []).filter(
    (player) => player !== null && !player.connected && player.grace_ends_at !== null,
  );

  const stage = (() => {
    if (phase === 'cancelled') {
      return (
        <div className="gr-waiting" data-testid="room-cancelled">
          <h2>{t('liveRoom.cancelled.title')}</h2>
          <p className="muted">{t('liveRoom.cancelled.text')}</p>
        </div>
      );
    }
    if (phase === 'finished') {
      return (
        <LiveFinished
          names={names}
          yourSeat={playerSeat}
          round={match?.result ?? view.last_result ?? null}
          result={state.result}
          scoreMode={scoreMode}
          bet={bet}
          playAgain={state.playAgain}
          onPlayAgain={() => void playAgain()}
          playAgainPending={playAgainPending}
          onLeave={() => void leave()}
        />
      );
    }
    if (playerSeat === null) {
      return (
        <SpectatorStage
          phase={phase === 'playing' ? 'playing' : 'waiting'}
          names={names}
          scores={scores}
          scoreMode={scoreMode}
          statuses={state.scores?.statuses ?? match?.statuses ?? null}
          seats={seats}
        />
      );
    }
    if (phase === 'playing') {
      if (!engineId) return <p className="muted">{t('liveRoom.playing.unsupported')}</p>;
      if (!state.view) return <Spinner label={t('liveRoom.playing.loading')} />;
      return (
        <>
          <GameBoard
            engineId={engineId}
            view={state.view.view}
            onInput={controls.sendInput}
            feedback={state.feedback}
            notice={boardNotice(state.notice)}
          />
          <p className="muted small live-input-notice" role="status" data-testid="input-rejected">
            {showsRejection(state.notice)
              ? state.notice?.message
                ? translateRoomMessage(t, state.notice.message)
                : t('liveRoom.playing.rejected')
              : ''}
          </p>
        </>
      );
    }
    return (
      <LiveWaiting
        engineId={engineId}
        timeLimitSeconds={timeLimitSeconds}
        bet={bet}
        seats={seats}
        yourSeat={playerSeat}
        hasOpponent={player1 !== null && player2 !== null}
        onStart={() => void start()}
        starting={starting}
      />
    );
  })();

  return (
    <section
      className="page game-room live-room"
      data-testid="game-room"
      data-phase={phase}
      data-role={playerSeat === null ? 'spectator' : 'player'}
    >
      <div className="gr-content" inert={countdownSeconds !== null}>
        <RoomHeader
          gameId={gameId}
          info={{ name: view.name || game?.name || gameId, icon: view.icon || game?.icon || '🎮' }}
          subtitle={
            playerSeat === null
              ? t('gameRoom.subtitle.spectating')
              : t('gameRoom.subtitle.bet', { amount: formatDollars(bet) })
          }
          secondsLeft={secondsLeft}
          onLeave={() => void leave()}
        />
        <ReconnectingNotice />
        {isGuest && (
          <div className="banner gr-banner" data-testid="spectator-banner">
            <p>{t('liveRoom.spectator.banner')}</p>
            <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
              {t('liveRoom.spectator.signUp')}
            </Link>
          </div>
        )}
        <div className="gr-layout">
          <div className="gr-main">
            <PlayerPanel
              username={playerSeat === null ? names[0] : (me?.username ?? names[playerSeat])}
              playerScore={playerSeat === null ? scores[0] : scores[playerSeat]}
              status={statusLabel(phase, state.ready[playerSeat ?? 0])}
              opponentName={
                playerSeat === null
                  ? (player2?.username ?? t('gameRoom.players.opponent'))
                  : (opponent?.username ?? t('gameRoom.players.opponent'))
              }
              opponentScore={playerSeat === null ? scores[1] : scores[other ?? 1]}
              scoreMode={scoreMode}
              showLead={phase === 'playing' || phase === 'finished'}
              ratings={ratings}
            />
            <ScoreAnnouncer
              first={playerSeat === null ? names[0] : t('gameRoom.finished.you')}
              second={playerSeat === null ? names[1] : (opponent?.username ?? t('gameRoom.players.opponent'))}
              scores={playerSeat === null ? scores : [scores[playerSeat], scores[other ?? 1]]}
              scoreMode={scoreMode}
              active={phase === 'playing'}
            />
            <div className="live-presence muted small" data-testid="presence">
              <span data-testid="spectator-count">
                <Eye aria-hidden="true" size={16} /> {t('liveRoom.presence.spectators', { count: spectators })}
              </span>
              {away.map((player) =>
                player ? (
                  <span key={player.id} className="live-away" role="status">
                    {t('liveRoom.presence.disconnected', {
                      username: player.username,
                      count: secondsUntil(player.grace_ends_at ?? 0, serverNow),
                    })}
                  </span>
                ) : null,
              )}
              {state.connection === 'joining' && <span role="status">{t('liveRoom.joining')}</span>}
            </div>
            <div className="card gr-stage">{stage}</div>
          </div>
          <RoomChatPanel
            messages={state.chat}
            ownUserId={me?.id ?? null}
            isGuest={isGuest}
            onSend={controls.sendChat}
            onEmote={controls.sendEmote}
          />
        </div>
      </div>
      {countdownSeconds !== null && <LiveCountdown secondsLeft={countdownSeconds} seedHash={match?.seed_hash ?? ''} />}
    </section>
  );
}
