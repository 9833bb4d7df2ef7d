import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from '../../game-room/components/useAutoFocus';

/**
 * The full-screen 3-2-1 'Game starting...' of a live match (SPEC §2), timed by the server's `starts_at`, with the
 * published seed hash (PRODUCT §4 provably fair) in small print.
 */
export function LiveCountdown({ secondsLeft, seedHash }: { secondsLeft: number; seedHash: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const ref = useAutoFocus<HTMLDivElement>();
  return (
    <div
      ref={ref}
      className="gr-countdown"
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid="countdown"
    >
      <p id={titleId} className="gr-countdown-title">
        {t('gameRoom.countdown.starting')}
      </p>
      <p className="gr-countdown-number" aria-live="assertive" aria-atomic="true" data-testid="countdown-number">
        {secondsLeft}
      </p>
      {seedHash !== '' && (
        <p className="live-seed-hash" data-testid="seed-hash">
          {t('liveRoom.countdown.seedHash', { hash: seedHash })}
        </p>
      )}
    </div>
  );
}
