import type { InputFeedback } from '../practiceMatch';

/** What every game component gets: its engine's view, a way to send inputs, and the last accepted input's outcome. */
export interface GameProps<View, Input> {
  readonly view: View;
  readonly onInput: (input: Input) => void;
  readonly feedback: InputFeedback | null;
}
