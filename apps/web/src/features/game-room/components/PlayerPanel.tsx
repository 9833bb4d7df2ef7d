import type { GameRoomStatusLabel } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';

function PlayerRow({
  name,
  score,
  status,
  testId,
}: {
  name: string;
  score: number;
  status?: GameRoomStatusLabel;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="gr-player" data-testid={testId}>
      <span className="avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="gr-player-text">
        <p className="gr-player-name">{name}</p>
        {status && (
          <p className={`gr-status gr-status-${status}`} data-testid="player-status">
            <span className="visually-hidden">{t('gameRoom.players.statusLabel')}: </span>
            {t(`gameRoom.status.${status}`)}
          </p>
        )}
      </div>
      <p className="gr-score" data-testid={`${testId}-score`}>
        <span className="visually-hidden">{t('gameRoom.players.scoreLabel')}: </span>
        {t('gameRoom.players.score', { score })}
      </p>
      <div className="gr-meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, Math.max(0, score))}%` }} />
      </div>
    </li>
  );
}

/** SPEC §2 player panel: own name, score /100 and status; the opponent ('Computer' in practice) and score /100. */
export function PlayerPanel({
  username,
  playerScore,
  status,
  opponentName,
  opponentScore,
}: {
  username: string;
  playerScore: number;
  status: GameRoomStatusLabel;
  opponentName: string;
  opponentScore: number;
}) {
  const { t } = useTranslation();
  return (
    <section className="card gr-players" aria-label={t('gameRoom.players.label')}>
      <ul>
        <PlayerRow name={username} score={playerScore} status={status} testId="player" />
        <PlayerRow name={opponentName} score={opponentScore} testId="opponent" />
      </ul>
    </section>
  );
}
