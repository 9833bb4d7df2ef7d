import type { GameId } from '@skillduel/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../../app/format';
import { SearchingScreen } from '../../matchmaking/SearchingScreen';
import { useMoneyPlayBlock } from '../../responsible-gaming/moneyPlayBlock';
import type { QuickMatch } from '../../rooms/useQuickMatch';
import { StakeConfirm } from './StakeConfirm';
import { useAutoFocus } from './useAutoFocus';

/**
 * 'Ready to Play?' (docs/product/rooms-and-matches.md#game-room-page). Guests get Start Practice. Signed-in players get
 * Practice (free, against the computer) and Find opponent, which is real-money quick match: the rooms work wires it
 * (pass `onFindOpponent`); until then it is shown disabled with the reason, never faked.
 */
export function WaitingScreen({
  engineId,
  isGuest,
  timeLimitSeconds,
  onStart,
  quickMatch,
  balanceDollars = 0,
  focusStart,
}: {
  engineId: GameId;
  isGuest: boolean;
  timeLimitSeconds: number;
  onStart: () => void;
  quickMatch?: QuickMatch;
  balanceDollars?: number;
  /** After Play Again: put the keyboard back on the start button. */
  focusStart: boolean;
}) {
  const { t } = useTranslation();
  const paused = useMoneyPlayBlock();
  const startRef = useAutoFocus<HTMLButtonElement>(focusStart);
  const practiceHintId = useId();
  const findOpponentHintId = useId();
  const [confirming, setConfirming] = useState(false);
  const [refocusFind, setRefocusFind] = useState(false);
  const findRef = useAutoFocus<HTMLButtonElement>(refocusFind);
  // After a search ends without a match (cancelled), the keyboard goes back to Find opponent.
  const searching = quickMatch?.search != null;
  const wasSearching = useRef(searching);
  useEffect(() => {
    if (wasSearching.current && !searching) findRef.current?.focus();
    wasSearching.current = searching;
  }, [searching, findRef]);
  if (quickMatch?.search) {
    return (
      <div className="gr-waiting" data-testid="waiting-screen">
        <SearchingScreen
          search={quickMatch.search}
          onCancel={quickMatch.cancelSearch}
          onDismiss={quickMatch.dismissOutcome}
        />
      </div>
    );
  }
  if (quickMatch && confirming) {
    return (
      <div className="gr-waiting" data-testid="waiting-screen">
        <StakeConfirm
          limits={quickMatch.limits}
          balanceDollars={balanceDollars}
          onConfirm={(betDollars) => {
            setConfirming(false);
            quickMatch.findOpponent(betDollars);
          }}
          onCancel={() => {
            setConfirming(false);
            setRefocusFind(true);
          }}
        />
      </div>
    );
  }
  return (
    <div className="gr-waiting" data-testid="waiting-screen">
      <h2>{t('gameRoom.waiting.title')}</h2>
      <p>{t(`gameRoom.rules.${engineId}`)}</p>
      <p className="muted">{t('gameRoom.waiting.timeLimit', { count: timeLimitSeconds })}</p>
      {isGuest ? (
        <div className="gr-actions">
          <button ref={startRef} type="button" className="button button-primary gr-start" onClick={onStart}>
            {t('gameRoom.waiting.startPractice')}
          </button>
        </div>
      ) : (
        <div className="gr-choices">
          <div className="gr-choice">
            <button
              ref={startRef}
              type="button"
              className="button button-primary gr-start"
              onClick={onStart}
              aria-describedby={practiceHintId}
            >
              {t('gameRoom.waiting.practice')}
            </button>
            <p id={practiceHintId} className="muted small">
              {t('gameRoom.waiting.practiceHint')}
            </p>
          </div>
          <div className="gr-choice">
            <button
              ref={findRef}
              type="button"
              className="button button-accent"
              onClick={() => setConfirming(true)}
              disabled={quickMatch === undefined || paused !== null}
              aria-describedby={findOpponentHintId}
              data-testid="find-opponent"
            >
              {t('gameRoom.waiting.findOpponent')}
            </button>
            <p id={findOpponentHintId} className="muted small">
              {paused
                ? paused.reason
                : quickMatch === undefined
                  ? t('gameRoom.waiting.findOpponentUnavailable')
                  : t('gameRoom.waiting.findOpponentHint', { bet: formatDollars(quickMatch.limits.defaultDollars) })}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

/** `?spectate=true` on a built-in game: watching only (live spectating comes with rooms). */
export function SpectatingScreen({ gameId }: { gameId: string }) {
  const { t } = useTranslation();
  return (
    <div className="gr-waiting" data-testid="spectating-screen">
      <h2>{t('gameRoom.waiting.spectatingTitle')}</h2>
      <p className="muted">{t('gameRoom.waiting.spectatingText')}</p>
      <div className="gr-actions">
        <Link to={`/game/${encodeURIComponent(gameId)}`} className="button button-secondary">
          {t('gameRoom.waiting.practiceInstead')}
        </Link>
      </div>
    </div>
  );
}
