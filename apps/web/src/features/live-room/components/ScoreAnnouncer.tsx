import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatScore, type ScoreMode } from '../../game-room/scoreDisplay';

/** Scores change many times a second; a screen reader hears them at most this often. */
const ANNOUNCE_EVERY_MS = 5000;

/**
 * A polite live region with both scores, spoken when they change but at most every 5 s, so players and spectators
 * who cannot see the meters still follow the match without being flooded.
 */
export function ScoreAnnouncer({
  first,
  second,
  scores,
  scoreMode,
  active,
}: {
  first: string;
  second: string;
  scores: readonly [number, number];
  scoreMode: ScoreMode;
  active: boolean;
}) {
  const { t } = useTranslation();
  const [spoken, setSpoken] = useState('');
  const lastAt = useRef(0);
  const text = t('liveRoom.presence.scores', {
    first,
    firstScore: formatScore(t, scores[0], scoreMode),
    second,
    secondScore: formatScore(t, scores[1], scoreMode),
  });

  useEffect(() => {
    if (!active) return undefined;
    const wait = Math.max(0, lastAt.current + ANNOUNCE_EVERY_MS - Date.now());
    const timer = setTimeout(() => {
      lastAt.current = Date.now();
      setSpoken(text);
    }, wait);
    return () => clearTimeout(timer);
  }, [text, active]);

  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="score-announcer">
      {active ? spoken : ''}
    </p>
  );
}
