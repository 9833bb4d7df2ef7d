import { ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAutoFocus } from './useAutoFocus';

/**
 * The full-screen 3-2-1 'Game starting...'; the number is announced as it changes. `children` add small
 * print below it (the live room shows the published seed hash there).
 */
export function CountdownOverlay({ secondsLeft, children }: { secondsLeft: number; children?: ReactNode }) {
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
      {children}
    </div>
  );
}
