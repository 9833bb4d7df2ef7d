import { useEffect, useState } from 'react';

/** How often the countdown and the timer re-read the clock: often enough that a whole second never lags. */
const TICK_MS = 250;

/**
 * The server's clock as this client estimates it (`Date.now()` plus the offset from the latest `server_time`),
 * re-read every 250 ms while `active`.
 */
export function useServerNow(offsetMs: number, active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  return now + offsetMs;
}

/** Whole seconds until `atMs` (server time), never below 0. */
export function secondsUntil(atMs: number, serverNowMs: number): number {
  return Math.max(0, Math.ceil((atMs - serverNowMs) / 1000));
}
