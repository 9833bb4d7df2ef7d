import { Controller, Get, Header, Headers } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { MetricsService } from './metrics.service';

/**
 * Prometheus scrape endpoint. With METRICS_TOKEN set, scrapers must send `Authorization: Bearer <token>`; without it,
 * production answers 404 unless METRICS_PUBLIC=true.
 */
@ApiExcludeController()
@SkipThrottle()
@Controller('metrics')
export class MetricsController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly config: AppConfig,
  ) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  async scrape(@Headers('authorization') authorization?: string): Promise<string> {
    const token = this.config.METRICS_TOKEN;
    // Unprotected metrics in production only when the operator says the network is private (METRICS_PUBLIC).
    if (!token && this.config.NODE_ENV === 'production' && !this.config.METRICS_PUBLIC) throw AppError.notFound();
    if (token) {
      const presented = Buffer.from(authorization ?? '');
      const expected = Buffer.from(`Bearer ${token}`);
      if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
        throw new AppError(401, 'UNAUTHORIZED', 'Authentication required');
      }
    }
    return this.metrics.render();
  }
}
