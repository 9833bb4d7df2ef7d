import { Transform } from 'class-transformer';
import { IsInt, IsNumber, Max, Min } from 'class-validator';
import { toInt } from './config-transforms';
import { KycConfig } from './kyc-config';

/**
 * Fair-play variables (docs/decisions/1802). AppConfig extends this class, so they are validated at boot
 * with every other variable and read as `config.FAIR_PLAY_*`.
 */
export class FairPlayConfig extends KycConfig {
  /**
   * A winner whose fair-play signals of the round add up to this score or more is not paid: the pot stays in escrow
   * and the round goes to support's review queue. Each signal scores at most 1, so 1 holds on any single strong sign.
   */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  @IsNumber()
  @Min(0.5)
  @Max(100)
  FAIR_PLAY_HOLD_SCORE = 1;

  /**
   * An account that presents more than this many distinct server-issued device ids within
   * FLAG_MANY_DEVICES_WINDOW_DAYS gets a `many_devices` flag (docs/decisions/2330): someone shedding their device id
   * to slip past the one-device rules, or collecting other browsers' ids.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  FLAG_MANY_DEVICES_ABOVE = 5;

  /**
   * Withdrawal as the last gate (docs/decisions/2703): an account younger than this many days whose net winnings from
   * money rounds exceed WITHDRAWAL_GATE_NEW_ACCOUNT_WINNINGS_ABOVE waits for review when it withdraws. 0 turns it off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(365)
  WITHDRAWAL_GATE_NEW_ACCOUNT_DAYS = 7;

  /** Dollars of net winnings above which a withdrawal from an account younger than the days above waits for review. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(100_000_000)
  WITHDRAWAL_GATE_NEW_ACCOUNT_WINNINGS_ABOVE = 200;

  /**
   * A withdrawal waits for review when more than this percentage of the account's net winnings come from pots that
   * were held for fair-play review and then released, or that carry a fair-play flag support did not dismiss
   * (decision 2703). 100 turns it off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  WITHDRAWAL_GATE_SUSPECT_WINNINGS_PERCENT = 50;

  /** The window, in days, over which FLAG_MANY_DEVICES_ABOVE counts an account's device ids. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(365)
  FLAG_MANY_DEVICES_WINDOW_DAYS = 30;
}
