import type { GameRoomStatusLabel } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { formatScore, leaderOf, type ScoreMode } from '../scoreDisplay';

function PlayerRow({
  name,
  score,
  status,
  testId,
  mode,
  meterMax,
  lead,
  rating,
}: {
  name: string;
  score: number;
  status?: GameRoomStatusLabel;
  testId: string;
  mode: ScoreMode;
  /** The meter's full width: 100, or the higher score when points go past it. */
  meterMax: number;
  lead: 'leading' | 'tied' | null;
  /** Skill rating in this game, e.g. '1662 ± 88' (live rooms). */
  rating?: string;
}) {
  const { t } = useTranslation();
  return (
    <li className="gr-player" data-testid={testId}>
      <span className="avatar" aria-hidden="true">
        {name.charAt(0).toUpperCase()}
      </span>
      <div className="gr-player-text">
        <p className="gr-player-name">{name}</p>
        {rating && (
          <p className="gr-rating" data-testid={`${testId}-rating`}>
            <span className="visually-hidden">{t('gameRoom.players.ratingLabel')}: </span>
            {rating}
          </p>
        )}
        {status && (
          <p className={`gr-status gr-status-${status}`} data-testid="player-status">
            <span className="visually-hidden">{t('gameRoom.players.statusLabel')}: </span>
            {t(`gameRoom.status.${status}`)}
          </p>
        )}
      </div>
      <p className="gr-score" data-testid={`${testId}-score`}>
        <span className="visually-hidden">{t('gameRoom.players.scoreLabel')}: </span>
        {formatScore(t, score, mode)}
        {lead && (
          <span className={`gr-lead gr-lead-${lead}`} data-testid={`${testId}-lead`}>
            {t(lead === 'leading' ? 'gameRoom.players.leading' : 'gameRoom.players.tied')}
          </span>
        )}
      </p>
      <div className="gr-meter" aria-hidden="true">
        <span style={{ width: `${Math.min(100, Math.max(0, (score / meterMax) * 100))}%` }} />
      </div>
    </li>
  );
}

/**
 * Player panel (docs/product/rooms-and-matches.md#game-room-page): own name, score /100 and status; the opponent
 * ('Computer' in practice) and score /100. Points games of a live room show their real points instead, and `showLead`
 * marks who is ahead, so the panel never contradicts the server's result.
 */
export function PlayerPanel({
  username,
  playerScore,
  status,
  opponentName,
  opponentScore,
  scoreMode = 'outOf100',
  showLead = false,
  ratings,
}: {
  username: string;
  playerScore: number;
  status: GameRoomStatusLabel;
  opponentName: string;
  opponentScore: number;
  scoreMode?: ScoreMode;
  showLead?: boolean;
  /** [player, opponent] skill ratings, when known. */
  ratings?: [string | undefined, string | undefined];
}) {
  const { t } = useTranslation();
  const leader = showLead ? leaderOf([playerScore, opponentScore]) : null;
  const leadOf = (seat: 0 | 1) => (leader === 'tie' ? 'tied' : leader === seat ? 'leading' : null);
  const meterMax = scoreMode === 'points' ? Math.max(100, playerScore, opponentScore) : 100;
  return (
    <section className="card gr-players" aria-label={t('gameRoom.players.label')}>
      <ul>
        <PlayerRow
          name={username}
          score={playerScore}
          status={status}
          testId="player"
          mode={scoreMode}
          meterMax={meterMax}
          lead={leadOf(0)}
          rating={ratings?.[0]}
        />
        <PlayerRow
          name={opponentName}
          score={opponentScore}
          testId="opponent"
          mode={scoreMode}
          meterMax={meterMax}
          lead={leadOf(1)}
          rating={ratings?.[1]}
        />
      </ul>
    </section>
  );
}
