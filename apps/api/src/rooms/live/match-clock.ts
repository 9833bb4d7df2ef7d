import { Injectable } from '@nestjs/common';
import { performance } from 'node:perf_hooks';

/**
 * Time for live matches: a monotonic clock for match time (inputs' `atMs`, never affected by wall-clock jumps) and
 * the wall clock for the epoch times sent to clients. Injectable so tests can replace it.
 */
@Injectable()
export class MatchClock {
  monotonicMs(): number {
    return performance.now();
  }

  epochMs(): number {
    return Date.now();
  }
}
