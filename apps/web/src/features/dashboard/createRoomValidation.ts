import { formatCents, ROOM_PASSWORD_LIMITS, type GameDto } from '@skillduel/contracts';

/** What the Create Room form holds (text as typed). */
export interface CreateRoomDraft {
  gameId: string;
  bet: string;
  isPrivate: boolean;
  password: string;
}

/** One problem per field, as i18n keys with their values; `null` fields are fine. */
export type FieldProblem =
  | { key: 'validation.invalidBet' }
  | { key: 'validation.insufficientBalance' }
  | { key: 'rooms.serverMessages.chooseGame' }
  | { key: 'rooms.serverMessages.passwordRequired' }
  | { key: 'rooms.serverMessages.betBelowMin'; amount: string }
  | { key: 'rooms.serverMessages.betAboveMax'; amount: string };

export interface CreateRoomProblems {
  game: FieldProblem | null;
  bet: FieldProblem | null;
  password: FieldProblem | null;
}

/** A dollar amount as typed: digits with at most 2 decimals (step 0.01). */
const AMOUNT_PATTERN = /^\d+(?:\.\d{1,2})?$/;

/** The bet in whole cents, or null when it is not a valid amount above 0. */
export function betCents(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT_PATTERN.test(trimmed)) return null;
  const cents = Math.round(Number(trimmed) * 100);
  return Number.isFinite(cents) && cents > 0 ? cents : null;
}

function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * Create room (docs/product/rooms-and-matches.md#creating-a-room): the bet must be above 0 ('Please enter a valid bet
 * amount') and not above the balance ('Insufficient balance'), a game must be chosen; also the game's own bet limits
 * and a private room's password (the server's rules, checked here first so the form says so at once).
 */
export function validateCreateRoom(
  draft: CreateRoomDraft,
  context: { balance: number; game: GameDto | undefined },
): CreateRoomProblems {
  const cents = betCents(draft.bet);
  let bet: FieldProblem | null = null;
  if (cents === null) bet = { key: 'validation.invalidBet' };
  else if (cents > dollarsToCents(context.balance)) bet = { key: 'validation.insufficientBalance' };
  else if (context.game && cents < dollarsToCents(context.game.min_bet)) {
    bet = { key: 'rooms.serverMessages.betBelowMin', amount: formatCents(dollarsToCents(context.game.min_bet)) };
  } else if (context.game && cents > dollarsToCents(context.game.max_bet)) {
    bet = { key: 'rooms.serverMessages.betAboveMax', amount: formatCents(dollarsToCents(context.game.max_bet)) };
  }
  const passwordLength = draft.password.length;
  const password =
    draft.isPrivate &&
    (passwordLength < ROOM_PASSWORD_LIMITS.minLength || passwordLength > ROOM_PASSWORD_LIMITS.maxLength)
      ? ({ key: 'rooms.serverMessages.passwordRequired' } as const)
      : null;
  return {
    game: draft.gameId === '' ? { key: 'rooms.serverMessages.chooseGame' } : null,
    bet,
    password,
  };
}

export function hasProblems(problems: CreateRoomProblems): boolean {
  return problems.game !== null || problems.bet !== null || problems.password !== null;
}
