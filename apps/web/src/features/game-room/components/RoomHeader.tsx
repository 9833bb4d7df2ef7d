import { Clock, LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useGameText } from '../../games/gameText';
import type { GameInfo } from '../roomTarget';

/** Announce the time left only at these marks: a live region that spoke every second would drown the game. */
const ANNOUNCED_SECONDS = [5, 10, 20] as const;

function RoomTimer({ secondsLeft }: { secondsLeft: number }) {
  const { t } = useTranslation();
  const mark = ANNOUNCED_SECONDS.find((seconds) => secondsLeft <= seconds);
  return (
    <>
      <div
        className={`gr-timer${secondsLeft <= 5 ? ' gr-timer-low' : ''}`}
        role="timer"
        aria-label={t('gameRoom.timer.label')}
        data-testid="game-timer"
      >
        <Clock aria-hidden="true" size={18} />
        <span>{t('gameRoom.timer.seconds', { count: secondsLeft })}</span>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {mark === undefined ? '' : t('gameRoom.timer.announce', { count: mark })}
      </p>
    </>
  );
}

/** Game room header: icon, name, subtitle, the timer while playing, Leave Room. */
export function RoomHeader({
  info,
  gameId,
  subtitle,
  secondsLeft,
  onLeave,
}: {
  info: GameInfo;
  /** The room's game, so a built-in game is named in the screen's language. */
  gameId: string;
  subtitle: string;
  secondsLeft: number | null;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const { gameName } = useGameText();
  return (
    <header className="card gr-header">
      <span className="game-icon" aria-hidden="true">
        {info.icon}
      </span>
      <div className="gr-title">
        <h1>{gameName(gameId, info.name)}</h1>
        <p className="muted" data-testid="room-subtitle">
          {subtitle}
        </p>
      </div>
      <div className="gr-header-actions">
        {secondsLeft !== null && <RoomTimer secondsLeft={secondsLeft} />}
        <button type="button" className="button button-secondary" onClick={onLeave} data-testid="leave-room">
          <LogOut aria-hidden="true" size={18} />
          {t('gameRoom.leaveRoom')}
        </button>
      </div>
    </header>
  );
}
