import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsISO31661Alpha2, IsString, Matches, Max, Min } from 'class-validator';
import { toBoolean, toInt, toList } from './config-transforms';
import { RoomsConfig } from './rooms-config';

/**
 * The operator console (docs/decisions/1601) and responsible gaming (1501). AppConfig extends this class (through
 * AuthConfig), so they are validated at boot with every other variable.
 */
export class PlayerProtectionConfig extends RoomsConfig {
  // ── Operator console ──

  /** Accounts with these (verified) emails get the admin role when they sign in. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string'
      ? value
          .split(',')
          .map((item) => item.trim().toLowerCase())
          .filter(Boolean)
      : value,
  )
  @IsString({ each: true })
  ADMIN_EMAILS: string[] = [];

  /**
   * Flag opponents whose latest sessions share an IP address (decision 1602). Off by default: households, offices,
   * carrier NAT and every local test share addresses.
   */
  @Transform(toBoolean)
  @IsBoolean()
  FLAG_SHARED_IP = false;

  /**
   * The address players are sent to when only a person can help: a date of birth refused as under age (a declaration
   * is final), a frozen account. Served in GET /api/config. Set it to the operator's real support inbox.
   */
  @IsString()
  @Matches(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: 'SUPPORT_EMAIL must be an email address' })
  SUPPORT_EMAIL = 'support@skillduel.example';

  /**
   * A withdrawal that takes the user's withdrawals of the last 24 hours (failed and rejected ones aside, this one
   * included) above this many dollars waits for support's approval instead of being paid by the processor.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1_000_000)
  WITHDRAWAL_REVIEW_THRESHOLD = 1000;

  /**
   * Four-eyes (docs/decisions/2310): a staff decision that moves more than this many dollars (approving a withdrawal,
   * voiding or awarding a disputed round, releasing or voiding a held payout) is only a proposal until a second,
   * different staff member confirms it. 0: every such decision needs two people.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(1_000_000)
  FOUR_EYES_ABOVE = 1000;

  /**
   * A staff member may not decide for an account that signed in from one of their own IP addresses in the last 90
   * days (loopback never counts). Turn off only when every request reaches the API from one proxy address without
   * TRUST_PROXY, which would make everyone look linked. A shared device id always counts.
   */
  @Transform(toBoolean)
  @IsBoolean()
  CONFLICT_SHARED_IP = true;

  // ── Responsible gaming (docs/decisions/1501-responsible-gaming.md) ──────────────────────────────────────────

  /** Minimum age for real-money play where RG_MIN_AGE_BY_COUNTRY names no other. */
  @Transform(toInt)
  @IsInt()
  @Min(18)
  @Max(25)
  RG_MIN_AGE_DEFAULT = 18;

  /** Per-country minimum ages, `CC:age` pairs, e.g. `US:21,PE:18`. */
  @Transform(toList)
  @Matches(/^[A-Z]{2}:(1[89]|2[0-5])$/, { each: true, message: 'must be CC:age pairs (age 18–25), e.g. US:21' })
  RG_MIN_AGE_BY_COUNTRY: string[] = [];

  /**
   * ISO 3166-1 alpha-2 countries where real-money play is refused: as the declared country, and as the country of the
   * client's address at every cash action (docs/product/kyc.md#location).
   */
  @Transform(toList)
  @Matches(/^[A-Z]{2}$/, { each: true, message: 'must be a comma-separated list of two-letter country codes' })
  @IsISO31661Alpha2({ each: true, message: 'must list real ISO 3166-1 alpha-2 country codes (ZZ is none)' })
  BLOCKED_COUNTRIES: string[] = [];

  /** Raising or removing a deposit/loss/bet limit waits this long; lowering or setting one applies at once. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(24 * 90)
  RG_LIMIT_RAISE_DELAY_HOURS = 168;

  /** Minutes of money play after which the web app shows the reality check. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(24 * 60)
  RG_REALITY_CHECK_MINUTES = 60;
}
