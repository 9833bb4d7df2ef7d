import type { GameResultDto, MatchResultDto, RoomSeat } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { formatDollars, payoutFigures } from '../../../app/format';
import { FairnessCheck } from '../../fairness/FairnessCheck';
import { useAutoFocus } from '../../game-room/components/useAutoFocus';
import { formatScore, type ScoreMode } from '../../game-room/scoreDisplay';

type Verdict = 'won' | 'lost' | 'tie' | 'void' | 'player1' | 'player2';

/** The player's own verdict: the server's Game result, else worked out from the round's result and the seat. */
function playerVerdict(result: GameResultDto | null, round: MatchResultDto | null, seat: RoomSeat): Verdict {
  const winner = result?.winner;
  if (winner === 'player') return 'won';
  if (winner === 'opponent') return 'lost';
  if (winner === 'tie' || winner === 'void') return winner;
  if (!round) return 'tie';
  if (round.outcome === 'tie' || round.outcome === 'void') return round.outcome;
  return (round.outcome === 'player1') === (seat === 0) ? 'won' : 'lost';
}

/**
 * Provably fair (docs/product/rooms-and-matches.md#provable-fairness): the hash published before the start and the seed
 * revealed after the end.
 */
function SeedReveal({ round }: { round: MatchResultDto }) {
  const { t } = useTranslation();
  return (
    <details className="live-seed" data-testid="seed-reveal">
      <summary>{t('liveRoom.finished.seedTitle')}</summary>
      <dl>
        <div>
          <dt>{t('liveRoom.finished.seedHash')}</dt>
          <dd>
            <code>{round.seed_hash}</code>
          </dd>
        </div>
        <div>
          <dt>{t('liveRoom.finished.seed')}</dt>
          <dd>
            <code data-testid="revealed-seed">{round.seed}</code>
          </dd>
        </div>
      </dl>
      <p className="muted small">{t('liveRoom.finished.seedHint')}</p>
      <FairnessCheck round={round} />
    </details>
  );
}

/**
 * Finished screen of a live round: You Won! / You Lost! (or a tie, or void), both scores, the winnings when above
 * zero, a refund when there was one, the revealed seed, Play Again (both players confirm) and Leave
 * Room. Spectators see who won and no controls besides leaving.
 */
export function LiveFinished({
  names,
  yourSeat,
  round,
  result,
  scoreMode,
  bet,
  playAgain,
  onPlayAgain,
  playAgainPending,
  onLeave,
}: {
  names: readonly [string, string];
  /** Null for a spectator. */
  yourSeat: RoomSeat | null;
  round: MatchResultDto | null;
  result: GameResultDto | null;
  scoreMode: ScoreMode;
  bet: number;
  playAgain: readonly [boolean, boolean];
  onPlayAgain: () => void;
  playAgainPending: boolean;
  onLeave: () => void;
}) {
  const { t } = useTranslation();
  const headingRef = useAutoFocus<HTMLHeadingElement>();
  const isPlayer = yourSeat !== null;
  const verdict: Verdict = isPlayer
    ? playerVerdict(result, round, yourSeat)
    : round?.outcome === 'player1' || round?.outcome === 'player2'
      ? round.outcome
      : (round?.outcome ?? 'tie');
  const title =
    verdict === 'won'
      ? t('gameRoom.finished.won')
      : verdict === 'lost'
        ? t('gameRoom.finished.lost')
        : verdict === 'tie'
          ? t('gameRoom.finished.tie')
          : verdict === 'void'
            ? t('liveRoom.finished.void')
            : t('liveRoom.finished.winnerIs', { username: names[verdict === 'player1' ? 0 : 1] });
  // Points games show the real points, which decided the winner; the others out of 100.
  const points = scoreMode === 'points' && round !== null;
  const roundScores = (points ? round.scores : round?.display_scores) ?? [0, 0];
  const other: RoomSeat | null = yourSeat === null ? null : yourSeat === 0 ? 1 : 0;
  const rows: readonly { label: string; score: number; testId: string }[] =
    yourSeat !== null && other !== null
      ? [
          {
            label: t('gameRoom.finished.you'),
            score: points ? roundScores[yourSeat] : (result?.player_score ?? roundScores[yourSeat]),
            testId: 'final-player-score',
          },
          {
            label: names[other],
            score: points ? roundScores[other] : (result?.opponent_score ?? roundScores[other]),
            testId: 'final-opponent-score',
          },
        ]
      : [
          { label: names[0], score: roundScores[0], testId: 'final-player1-score' },
          { label: names[1], score: roundScores[1], testId: 'final-player2-score' },
        ];
  // Held for a fair-play review (decision 1802): nothing was paid, so no winnings are claimed.
  const payoutHeld = result?.payout_held === true || round?.payout_held === true;
  const earnings = payoutHeld ? 0 : (result?.earnings ?? 0);
  const refunded = result?.refunded ?? 0;
  const iConfirmed = yourSeat !== null && playAgain[yourSeat];
  const theyConfirmed = other !== null && playAgain[other];

  return (
    <div className={`gr-finished gr-finished-${verdict}`} data-testid="game-result" data-verdict={verdict}>
      <h2 ref={headingRef} tabIndex={-1} className="gr-result-title">
        {title}
      </h2>
      {verdict === 'void' && <p className="muted">{t('liveRoom.finished.voidText')}</p>}
      {round?.reason === 'forfeit' && <p className="muted small">{t('liveRoom.finished.forfeit')}</p>}
      <dl className="gr-final-scores">
        {rows.map((row) => (
          <div key={row.testId}>
            <dt>{row.label}</dt>
            <dd data-testid={row.testId}>{formatScore(t, row.score, scoreMode)}</dd>
          </div>
        ))}
      </dl>
      {isPlayer && payoutHeld && (
        <div className="gr-payout-held" role="status" data-testid="payout-held">
          <p>
            <strong>{t('liveRoom.finished.payoutHeld')}</strong>
          </p>
          <p className="muted small">{t('liveRoom.finished.payoutHeldText')}</p>
        </div>
      )}
      {isPlayer && earnings > 0 && (
        <p className="gr-winnings" data-testid="winnings">
          {t('gameRoom.finished.winningsLine', payoutFigures(earnings, bet))}
        </p>
      )}
      {isPlayer && refunded > 0 && (
        <p className="muted" data-testid="refunded">
          {t('liveRoom.finished.refunded', { amount: formatDollars(refunded) })}
        </p>
      )}
      {round && round.seed !== '' && <SeedReveal round={round} />}
      {isPlayer && other !== null && (
        <p className="muted small" role="status" data-testid="play-again-status">
          {iConfirmed
            ? t('liveRoom.finished.waitingPlayAgain', { username: names[other] })
            : theyConfirmed
              ? t('liveRoom.finished.opponentWantsAgain', { username: names[other] })
              : t('liveRoom.finished.playAgainStake', { bet: formatDollars(bet) })}
        </p>
      )}
      <div className="gr-actions">
        {isPlayer && (
          <button
            type="button"
            className="button button-primary"
            onClick={onPlayAgain}
            disabled={iConfirmed || playAgainPending}
            data-testid="play-again"
          >
            {bet > 0
              ? t('liveRoom.finished.playAgainFor', { bet: formatDollars(bet) })
              : t('gameRoom.finished.playAgain')}
          </button>
        )}
        <button type="button" className="button button-secondary" onClick={onLeave} data-testid="finished-leave">
          {t('gameRoom.leaveRoom')}
        </button>
      </div>
    </div>
  );
}
