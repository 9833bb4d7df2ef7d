/**
 * A short two-note chime when an opponent is found, so a player who looked away hears it. Web Audio, no asset to load;
 * the player has just pressed Find opponent, so the browser allows it. Silent where audio is unavailable, and when
 * the player asked the system for reduced motion (often paired with wanting fewer surprises).
 */
export function playFoundChime(): void {
  const AudioContextClass = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!AudioContextClass) return;
  if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
  try {
    const context = new AudioContextClass();
    const notes: [frequencyHz: number, startS: number][] = [
      [660, 0],
      [880, 0.12],
    ];
    for (const [frequencyHz, startS] of notes) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequencyHz;
      gain.gain.setValueAtTime(0.0001, context.currentTime + startS);
      gain.gain.exponentialRampToValueAtTime(0.15, context.currentTime + startS + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, context.currentTime + startS + 0.25);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(context.currentTime + startS);
      oscillator.stop(context.currentTime + startS + 0.3);
    }
    window.setTimeout(() => void context.close().catch(() => undefined), 800);
  } catch {
    // A blocked or broken audio device never breaks the match.
  }
}
