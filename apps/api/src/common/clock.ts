import { Injectable } from '@nestjs/common';

/**
 * The application's notion of "now" for rules that depend on time in the app process (TOTP steps).
 * Tests replace it on a running app (`jest.spyOn(app.get(Clock), 'now')`) instead of faking global timers.
 * Stored expiries are compared in SQL against the database's now().
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }

  nowSeconds(): number {
    return Math.floor(this.now().getTime() / 1000);
  }
}
