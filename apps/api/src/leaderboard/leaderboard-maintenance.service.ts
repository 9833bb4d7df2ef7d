import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { LeaderboardRepository } from './leaderboard.repository';

/** Rank counters of periods that started longer ago than this are pruned (the users trigger follows 32 days). */
export const RANK_COUNTS_KEEP_DAYS = 40;
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
const PRUNE_BATCH = 5000;

/**
 * Keeps `leaderboard_rank_counts` to the periods that can still be asked for (decision 0703): past days, weeks and
 * months would otherwise pile up forever. Hourly, in small batches so no statement holds many locks; any number of
 * instances may prune at once (SKIP LOCKED). The aggregates themselves (`leaderboard_stats`) are kept.
 */
@Injectable()
export class LeaderboardMaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('LeaderboardMaintenance');
  private timer?: NodeJS.Timeout;
  private pruning = false;

  constructor(private readonly leaderboard: LeaderboardRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.pruneRankCounts(), PRUNE_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Deletes every rank counter older than RANK_COUNTS_KEEP_DAYS, `batch` rows per statement; returns how many went. */
  async pruneRankCounts(batch = PRUNE_BATCH): Promise<number> {
    if (this.pruning) return 0;
    this.pruning = true;
    let total = 0;
    try {
      for (;;) {
        const deleted = await this.leaderboard.pruneRankCounts(RANK_COUNTS_KEEP_DAYS, batch);
        total += deleted;
        if (deleted < batch) break;
      }
      if (total > 0) this.logger.log({ deleted: total }, 'Pruned past periods’ leaderboard rank counters');
    } catch (error) {
      this.logger.error({ err: error }, 'Pruning leaderboard rank counters failed');
    } finally {
      this.pruning = false;
    }
    return total;
  }
}
