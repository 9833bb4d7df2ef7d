import { useTranslation } from 'react-i18next';
import { CountdownOverlay } from '../../game-room/components/CountdownOverlay';

/**
 * The full-screen 3-2-1 'Game starting...' of a live match, timed by the server's `starts_at`, with the
 * published seed hash (provably fair) in small print.
 */
export function LiveCountdown({ secondsLeft, seedHash }: { secondsLeft: number; seedHash: string }) {
  const { t } = useTranslation();
  return (
    <CountdownOverlay secondsLeft={secondsLeft}>
      {seedHash !== '' && (
        <p className="live-seed-hash" data-testid="seed-hash">
          {t('liveRoom.countdown.seedHash', { hash: seedHash })}
        </p>
      )}
    </CountdownOverlay>
  );
}
