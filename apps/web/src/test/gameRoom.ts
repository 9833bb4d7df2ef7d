import { act, fireEvent, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '../app/storage';
import { buildUser } from './factories';
import { createGuestSession } from '../features/session/guestSession';

/** Helpers for the game room specs (features/game-room). */

export function storeGuest(): string {
  const guest = createGuestSession();
  localStorage.setItem(STORAGE_KEYS.guestSession, JSON.stringify(guest));
  return guest.username;
}

export function storeSignedIn(): string {
  const user = buildUser();
  localStorage.setItem(STORAGE_KEYS.accessToken, 'a');
  localStorage.setItem(STORAGE_KEYS.refreshToken, 'r');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user.username;
}

/** Moves jest's fake clock (timers and performance.now) inside act, so React applies the updates. */
export function advance(ms: number): void {
  act(() => {
    jest.advanceTimersByTime(ms);
  });
}

/** Presses the start button and runs the 3-2-1 countdown to the first frame of play. */
export function startAndCountDown(startLabel: string): void {
  fireEvent.click(screen.getByRole('button', { name: startLabel }));
  expect(screen.getByTestId('countdown')).toHaveTextContent('Game starting...');
  expect(screen.getByTestId('player-status')).toHaveTextContent('Ready');
  expect(screen.getByTestId('countdown-number')).toHaveTextContent('3');
  advance(1000);
  expect(screen.getByTestId('countdown-number')).toHaveTextContent('2');
  advance(1000);
  expect(screen.getByTestId('countdown-number')).toHaveTextContent('1');
  advance(1000);
  expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  advance(0);
}

const OPERATIONS: Record<string, (left: number, right: number) => number> = {
  '+': (left, right) => left + right,
  '−': (left, right) => left - right,
  '×': (left, right) => left * right,
  '÷': (left, right) => left / right,
};

/** Reads "12 × 7 = ?" from the page and works it out, as a player would. */
export function solveShownQuestion(): number {
  const text = screen.getByTestId('number-rush-question').textContent ?? '';
  const match = /(\d+)\s*([+−×÷])\s*(\d+)/.exec(text);
  if (!match) throw new Error(`no question in "${text}"`);
  const [, left, operator, right] = match;
  const operation = OPERATIONS[operator];
  if (!operation) throw new Error(`unknown operator ${operator}`);
  return operation(Number(left), Number(right));
}
