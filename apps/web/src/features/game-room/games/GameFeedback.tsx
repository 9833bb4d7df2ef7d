/** A game's feedback line ("Correct! +10", "Too early!"), announced politely. */
export function GameFeedback({ text, tone }: { text: string | null; tone?: 'good' | 'bad' }) {
  return (
    <p className={`gr-feedback${tone ? ` gr-feedback-${tone}` : ''}`} role="status" data-testid="game-feedback">
      {text ?? ''}
    </p>
  );
}
