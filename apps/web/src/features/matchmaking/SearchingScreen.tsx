import {
  figuresOfGame,
  matchmakingWindowWidth,
  type MatchmakingEntryDto,
  type MatchmakingExpiredDto,
} from '@skillduel/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';
import { useAutoFocus } from '../game-room/components/useAutoFocus';
import type { MatchSearch } from '../rooms/useQuickMatch';
import { playFoundChime } from './foundChime';
import { useGetLobbyFiguresQuery } from './matchmakingApi';
import { markSearchingHere } from './searchTab';
import './matchmaking.css';

/** m:ss of a duration. */
function formatElapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Milliseconds this entry has waited, ticking every second (from the server's `waited_ms`, not the clocks' skew). */
function useWaited(entry: MatchmakingEntryDto): number {
  const [enteredAt] = useState(() => Date.now() - entry.waited_ms);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return Math.max(entry.waited_ms, now - enteredAt);
}

function Searching({ entry, onCancel }: { entry: MatchmakingEntryDto; onCancel: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const waited = useWaited(entry);
  const cancelRef = useAutoFocus<HTMLButtonElement>();
  // The tab showing the search owns it (also after a reload): it is the one taken to the room when matched.
  useEffect(() => markSearchingHere(), []);
  // Pushed lobby figures (lobby:figures): how many are searching this game right now, this player included.
  const { data: figures } = useGetLobbyFiguresQuery();
  const searchingThisGame = Math.max(1, figuresOfGame(figures, entry.game_id).searching);
  // The window widens with waiting (the server's formula, shared through the contracts).
  const width = Math.round(
    Math.max(matchmakingWindowWidth(waited), (entry.rating_window.max - entry.rating_window.min) / 2),
  );
  return (
    <div className="gr-searching" data-testid="matchmaking-searching" aria-labelledby={`${id}-title`} role="region">
      <div role="status" aria-live="polite">
        <h3 id={`${id}-title`} className="gr-searching-title">
          <span className="gr-searching-pulse" aria-hidden="true" />
          {t('matchmaking.searching.title')}
        </h3>
        <p className="muted">{t('matchmaking.searching.stake', { bet: formatDollars(entry.bet_amount) })}</p>
      </div>
      <dl className="gr-searching-facts">
        <div>
          <dt>{t('matchmaking.searching.elapsed')}</dt>
          <dd data-testid="matchmaking-elapsed">
            <time dateTime={`PT${Math.floor(waited / 1000)}S`}>{formatElapsed(waited)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('matchmaking.searching.window')}</dt>
          <dd data-testid="matchmaking-window">±{width}</dd>
        </div>
        <div>
          <dt>{t('matchmaking.searching.searchingNow')}</dt>
          <dd data-testid="matchmaking-searching-count">{searchingThisGame}</dd>
        </div>
      </dl>
      <p className="muted small">
        {t('matchmaking.searching.windowHint', { min: entry.rating - width, max: entry.rating + width })}
      </p>
      <div className="gr-actions">
        <button
          ref={cancelRef}
          type="button"
          className="button button-secondary"
          onClick={onCancel}
          data-testid="matchmaking-cancel"
        >
          {t('matchmaking.searching.cancel')}
        </button>
      </div>
    </div>
  );
}

function Expired({ expired, onDismiss }: { expired: MatchmakingExpiredDto; onDismiss: () => void }) {
  const { t } = useTranslation();
  const okRef = useAutoFocus<HTMLButtonElement>();
  return (
    <div className="gr-searching gr-expired" role="status" aria-live="assertive" data-testid="matchmaking-expired">
      <h3 className="gr-found-title">{t('matchmaking.expired.title')}</h3>
      <p>{t('matchmaking.expired.text', { time: formatElapsed(expired.waited_seconds * 1000) })}</p>
      <p data-testid="matchmaking-expired-refund">
        {t('matchmaking.expired.refund', { amount: formatDollars(expired.refunded_amount) })}
      </p>
      <div className="gr-actions">
        <button ref={okRef} type="button" className="button" onClick={onDismiss} data-testid="matchmaking-expired-ok">
          {t('matchmaking.expired.ok')}
        </button>
      </div>
    </div>
  );
}

/**
 * Find opponent's live state (docs/product/matchmaking.md#find-opponent): searching (elapsed, rating range, Cancel),
 * then 'Opponent found!', or, when nobody was found in time, the refund.
 */
export function SearchingScreen({
  search,
  onCancel,
  onDismiss,
}: {
  search: MatchSearch;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  const found = search.kind === 'found';
  useEffect(() => {
    if (found) playFoundChime();
  }, [found]);
  if (search.kind === 'expired') return <Expired expired={search.expired} onDismiss={onDismiss} />;
  if (search.kind === 'found') {
    return (
      <div className="gr-searching gr-found" role="status" aria-live="assertive" data-testid="matchmaking-found">
        <h3 className="gr-found-title">{t('matchmaking.found.title')}</h3>
        <p className="muted">{t('matchmaking.found.text', { bet: formatDollars(search.matched.bet_amount) })}</p>
      </div>
    );
  }
  return <Searching key={search.entry.id} entry={search.entry} onCancel={onCancel} />;
}
