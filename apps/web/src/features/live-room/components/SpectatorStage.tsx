import type { MatchPlayerStatus, RoomSeat } from '@skillduel/contracts';
import { Eye } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ReadyList, type SeatSummary } from './LiveWaiting';
import { formatScore, type ScoreMode } from '../../game-room/scoreDisplay';

/**
 * What a spectator watches before and during a round: both scores, timer, chat; no controls
 * (docs/product/rooms-and-matches.md#spectating).
 */
export function SpectatorStage({
  phase,
  names,
  scores,
  scoreMode,
  statuses,
  seats,
}: {
  phase: 'waiting' | 'playing';
  names: readonly [string, string];
  scores: readonly [number, number];
  scoreMode: ScoreMode;
  statuses: readonly [MatchPlayerStatus, MatchPlayerStatus] | null;
  seats: readonly [SeatSummary, SeatSummary];
}) {
  const { t } = useTranslation();
  if (phase === 'waiting') {
    return (
      <div className="gr-waiting" data-testid="spectator-waiting">
        <Eye aria-hidden="true" size={32} className="muted" />
        <h2>{t('liveRoom.spectator.waitingTitle')}</h2>
        <p className="muted">{t('liveRoom.spectator.waitingText')}</p>
        <ReadyList seats={seats} yourSeat={null} />
      </div>
    );
  }
  const seatsShown: readonly RoomSeat[] = [0, 1];
  return (
    <div className="live-spectator-board" data-testid="spectator-board">
      <h2>{t('liveRoom.spectator.liveTitle')}</h2>
      <p className="muted small">{t('liveRoom.spectator.liveText')}</p>
      <div className="live-scoreboard">
        {seatsShown.map((seat) => (
          <div key={seat} className="live-scoreboard-seat" data-testid={`spectator-score-${seat}`}>
            <p className="live-scoreboard-name">{names[seat]}</p>
            <p className="live-scoreboard-score">{formatScore(t, scores[seat], scoreMode)}</p>
            {statuses && <p className="muted small">{t(`liveRoom.spectator.playerStatus.${statuses[seat]}`)}</p>}
          </div>
        ))}
      </div>
    </div>
  );
}
