import type { RoomDto } from '@skillduel/contracts';
import { Eye, Lock, Users } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../app/format';
import { roomPath } from '../../rooms/useQuickMatch';
import type { RoomActions } from '../useRoomActions';
import { RoomStatusBadge } from './RoomStatusBadge';
import { useGameText } from '../../games/gameText';

/**
 * One Active Rooms card: game, spectators, status (coloured), bet, players x/2, Join and Watch.
 * Join shows only while the room is waiting; a guest's Join answers with the sign-up message instead of joining,
 * a private room asks for its password first (and offers no Watch: only its players may watch it), and a room the
 * user sits in offers Open instead.
 */
export function RoomCard({
  room,
  userId,
  isGuest,
  actions,
}: {
  room: RoomDto;
  userId: string | null;
  isGuest: boolean;
  actions: RoomActions;
}) {
  const { t } = useTranslation();
  const gameText = useGameText();
  const titleId = useId();
  const passwordId = useId();
  const passwordErrorId = useId();
  const [askingPassword, setAskingPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordMissing, setPasswordMissing] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  // The form opens because the user asked to join: the field is where they type next.
  useEffect(() => {
    if (askingPassword) passwordRef.current?.focus();
  }, [askingPassword]);
  const busy = actions.busyRoomId === room.id;
  const gameName = gameText.gameName(room.game_id, room.game_name || room.game_id);
  const seated = userId !== null && (room.player1?.id === userId || room.player2?.id === userId);
  const joinable = room.status === 'waiting' && !seated;
  const bet = formatDollars(room.bet_amount);

  const onJoin = () => {
    if (!isGuest && room.is_private) {
      setAskingPassword(true);
      return;
    }
    void actions.join(room);
  };

  const submitPassword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password === '') {
      setPasswordMissing(true);
      return;
    }
    void actions.join(room, password);
  };

  return (
    <article
      className="card room-card"
      aria-labelledby={titleId}
      data-testid="room-card"
      data-room-id={room.id}
      data-game-id={room.game_id}
      data-status={room.status}
    >
      <div className="room-card-head">
        <span className="game-icon" aria-hidden="true">
          {room.game_icon || '🎮'}
        </span>
        <div className="room-card-title">
          <h3 id={titleId}>{gameName}</h3>
          <p className="muted small room-card-players">
            {room.player1?.username ?? t('dashboard.rooms.openSeat')} {t('dashboard.featured.versus')}{' '}
            {room.player2?.username ?? t('dashboard.rooms.openSeat')}
          </p>
        </div>
        {room.is_private && (
          <span className="badge room-private" data-testid="room-private">
            <Lock aria-hidden="true" size={14} /> {t('dashboard.rooms.private')}
          </span>
        )}
      </div>
      <dl className="room-card-facts">
        <div>
          <dt>{t('dashboard.rooms.status')}</dt>
          <dd>
            <RoomStatusBadge status={room.status} />
          </dd>
        </div>
        <div>
          <dt>{t('dashboard.rooms.bet')}</dt>
          <dd data-testid="room-bet">{bet}</dd>
        </div>
        <div>
          <dt>
            <Users aria-hidden="true" size={16} />
            {t('dashboard.rooms.players')}
          </dt>
          <dd data-testid="room-players">
            {t('dashboard.rooms.playersValue', { count: room.current_players, max: room.max_players })}
          </dd>
        </div>
        <div>
          <dt>
            <Eye aria-hidden="true" size={16} />
            {t('dashboard.rooms.spectators')}
          </dt>
          <dd data-testid="room-spectators">{room.spectators}</dd>
        </div>
      </dl>
      {askingPassword ? (
        <form className="room-password-form" onSubmit={submitPassword} noValidate>
          <p className="small">{t('dashboard.rooms.passwordPrompt')}</p>
          <div className="field">
            <label htmlFor={passwordId}>{t('dashboard.rooms.password')}</label>
            <input
              id={passwordId}
              type="password"
              value={password}
              autoComplete="off"
              ref={passwordRef}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordMissing(false);
              }}
              aria-invalid={passwordMissing}
              aria-describedby={passwordMissing ? passwordErrorId : undefined}
              data-testid="room-password"
            />
            {passwordMissing && (
              <p id={passwordErrorId} className="field-error" role="alert">
                {t('dashboard.validation.passwordForJoin')}
              </p>
            )}
          </div>
          <div className="room-card-actions">
            <button type="submit" className="button button-primary" disabled={busy}>
              {t('dashboard.rooms.confirmJoin', { bet })}
            </button>
            <button type="button" className="button button-ghost" onClick={() => setAskingPassword(false)}>
              {t('dashboard.rooms.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <div className="room-card-actions">
          {seated ? (
            <Link
              to={roomPath(room.id)}
              className="button button-primary"
              aria-label={t('dashboard.rooms.openRoom', { game: gameName })}
              data-testid="room-open"
            >
              {t('dashboard.rooms.open')}
            </Link>
          ) : (
            joinable && (
              <button
                type="button"
                className="button button-primary"
                onClick={onJoin}
                disabled={busy}
                // Guests may press it and hear why they cannot join; it is not a real action for them.
                aria-disabled={isGuest || undefined}
                aria-label={t('dashboard.rooms.joinRoom', { game: gameName })}
                data-testid="room-join"
              >
                {busy ? t('dashboard.rooms.joining') : t('dashboard.rooms.join')}
              </button>
            )
          )}
          {/* Only its players may watch a private room (decision 2350); they have Open. */}
          {!room.is_private && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void actions.watch(room)}
              disabled={busy}
              aria-label={t('dashboard.rooms.watchRoom', { game: gameName })}
              data-testid="room-watch"
            >
              <Eye aria-hidden="true" size={16} />
              {t('dashboard.rooms.watch')}
            </button>
          )}
        </div>
      )}
    </article>
  );
}
