import { RG_ERROR_CODES, RG_MESSAGES } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { isApiError } from '../../app/apiErrors';

/** What a final, refused declaration said: shown in a plain explanation with the way to support. */
export interface RefusedDeclaration {
  reason: 'underage' | 'country';
  dateOfBirth: string | null;
  country: string | null;
  /** The country's minimum age, when the server named it. */
  minAge: number | null;
}

/** The answer to PUT /users/me/eligibility: a final refusal, or a message to show by the form in the screen's language. */
export type EligibilityFailure = { kind: 'refused'; refused: RefusedDeclaration } | { kind: 'message'; text: string };

/** The server's sentences about the form, by their shared wording, in the screen's language. */
const FORM_MESSAGES = [
  [RG_MESSAGES.dateOfBirthInvalid, 'rg.eligibility.errors.dateOfBirthInvalid'],
  [RG_MESSAGES.countryInvalid, 'rg.eligibility.errors.countryInvalid'],
  [RG_MESSAGES.termsRequired, 'rg.eligibility.errors.termsRequired'],
  [RG_MESSAGES.eligibilityLocked, 'rg.eligibility.errors.locked'],
] as const;

function bodyOf(error: unknown): { code?: string; params?: Record<string, string | number> } {
  if (!isApiError(error) || typeof error.data !== 'object' || error.data === null) return {};
  return error.data as { code?: string; params?: Record<string, string | number> };
}

/**
 * Reads a failed declaration. An under-age or blocked-country answer is final (the server keeps it), and so is a
 * second try after one; the declared figures come from the answer's params, or from what was just sent.
 */
export function eligibilityFailure(
  t: TFunction,
  error: unknown,
  sent: { dateOfBirth: string; country: string },
): EligibilityFailure {
  const { code, params = {} } = bodyOf(error);
  const message = isApiError(error) ? error.serverMessage : undefined;
  if (
    code === RG_ERROR_CODES.underage ||
    code === RG_ERROR_CODES.countryBlocked ||
    message === RG_MESSAGES.refusedBefore
  ) {
    const minAge = typeof params['min_age'] === 'number' ? params['min_age'] : null;
    return {
      kind: 'refused',
      refused: {
        reason: code === RG_ERROR_CODES.countryBlocked ? 'country' : 'underage',
        dateOfBirth: sent.dateOfBirth,
        country: sent.country,
        minAge,
      },
    };
  }
  const known = FORM_MESSAGES.find(([text]) => text === (message as string | undefined));
  if (known) return { kind: 'message', text: t(known[1]) };
  if (isApiError(error)) return { kind: 'message', text: error.serverMessage ?? error.message };
  return { kind: 'message', text: t('httpErrors.unexpected') };
}
