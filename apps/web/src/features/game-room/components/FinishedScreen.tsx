import type { PracticeWinner } from '@skillduel/games';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../../app/format';
import { useAutoFocus } from './useAutoFocus';

const TITLE_KEY = { player: 'won', computer: 'lost', tie: 'tie' } as const satisfies Record<PracticeWinner, string>;

/**
 * Finished screen: You Won! / You Lost! (or a tie), both scores, winnings only when above zero and not a guest,
 * Play Again and Leave Room.
 */
export function FinishedScreen({
  winner,
  playerScore,
  opponentName,
  opponentScore,
  earningsDollars,
  isGuest,
  isPractice,
  onPlayAgain,
  onLeave,
}: {
  winner: PracticeWinner;
  playerScore: number;
  opponentName: string;
  opponentScore: number;
  earningsDollars: number;
  isGuest: boolean;
  isPractice: boolean;
  onPlayAgain: () => void;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useAutoFocus<HTMLHeadingElement>();
  return (
    <div className={`gr-finished gr-finished-${TITLE_KEY[winner]}`} data-testid="game-result" data-winner={winner}>
      <h2 ref={headingRef} tabIndex={-1} className="gr-result-title">
        {t(`gameRoom.finished.${TITLE_KEY[winner]}`)}
      </h2>
      <dl className="gr-final-scores">
        <div>
          <dt>{t('gameRoom.finished.you')}</dt>
          <dd data-testid="final-player-score">{t('gameRoom.players.score', { score: playerScore })}</dd>
        </div>
        <div>
          <dt>{opponentName}</dt>
          <dd data-testid="final-opponent-score">{t('gameRoom.players.score', { score: opponentScore })}</dd>
        </div>
      </dl>
      {earningsDollars > 0 && !isGuest && (
        <p className="gr-winnings" data-testid="winnings">
          {t('gameRoom.finished.winnings')}: {formatDollars(earningsDollars)}
        </p>
      )}
      {isPractice && <p className="muted small">{t('gameRoom.finished.practiceNote')}</p>}
      <div className="gr-actions">
        <button type="button" className="button button-primary" onClick={onPlayAgain}>
          {t('gameRoom.finished.playAgain')}
        </button>
        <button type="button" className="button button-secondary" onClick={onLeave}>
          {t('gameRoom.leaveRoom')}
        </button>
      </div>
    </div>
  );
}
