import { Logger } from '@nestjs/common';

/** What a lockout stops. */
export type LockoutKind =
  /** Wrong passwords for one account from one address: that address may not try that account. */
  | 'login'
  /** Wrong passwords for one account from many addresses: addresses it never signed in from may not try it. */
  | 'login_new_addresses'
  /** Wrong authenticator or recovery codes at sign-in, 2FA setup/disable or an account change. */
  | 'two_factor'
  /** Wrong authenticator codes on withdrawals: withdrawals are refused, signing in is not (decision 0102). */
  | 'withdrawal_two_factor'
  /** Wrong current passwords on change-password. */
  | 'password_check'
  /** Wrong guesses of one private room's password by one user. */
  | 'room_password';

export interface Lockout {
  kind: LockoutKind;
  /** Null when the account is unknown (a sign-in with an unregistered email). */
  userId: string | null;
  /** The client address that caused it; null where the path does not know it. */
  ip: string | null;
  /** When the lock ends on its own. */
  until: Date;
  /** Anything else that identifies what is locked (e.g. the room). */
  details?: Record<string, string>;
}

const logger = new Logger('SecurityEvents');

/** The log line's text: one constant, so operators (and tests) can search for every lockout at once. */
export const LOCKOUT_LOG_MESSAGE = 'Security event: lockout';

/**
 * A lockout is a security event: one structured warn line when it starts (not at every refused attempt after it), with
 * who, what, from where and until when, so an operator can tell an attack on an account from a forgetful owner.
 */
export function logLockout(lockout: Lockout): void {
  logger.warn(
    {
      event: 'lockout',
      kind: lockout.kind,
      userId: lockout.userId,
      ip: lockout.ip,
      until: lockout.until.toISOString(),
      ...lockout.details,
    },
    LOCKOUT_LOG_MESSAGE,
  );
}
