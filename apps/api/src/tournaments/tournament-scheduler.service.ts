import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { TournamentLifecycleService } from './tournament-lifecycle.service';

/**
 * Starts tournaments at starts_at and settles them at ends_at: every TOURNAMENT_SCHEDULER_INTERVAL_MS this instance
 * moves on whatever is due (TournamentLifecycleService.runDue). Each step takes the tournament's row lock and checks
 * the status it moves from, so several instances may tick at once. Off when tournaments are off or the interval is 0.
 */
@Injectable()
export class TournamentSchedulerService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('TournamentScheduler');
  private timer?: NodeJS.Timeout;
  private ticking = false;

  constructor(
    private readonly lifecycle: TournamentLifecycleService,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.config.FEATURE_TOURNAMENTS || this.config.TOURNAMENT_SCHEDULER_INTERVAL_MS === 0) return;
    this.timer = setInterval(() => void this.tick(), this.config.TOURNAMENT_SCHEDULER_INTERVAL_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** One pass; a pass still running when the next is due is not overlapped. */
  async tick(): Promise<void> {
    if (this.ticking) return;
    this.ticking = true;
    try {
      await this.lifecycle.runDue(new Date());
    } catch (error) {
      this.logger.error(`tournament scheduler pass failed: ${String(error)}`);
    } finally {
      this.ticking = false;
    }
  }
}
