import { CanActivate, Injectable } from '@nestjs/common';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';

/**
 * FEATURE_TOURNAMENTS=false hides tournaments: every tournament route answers 404 as if it did not exist, before
 * authentication (so nobody learns the routes are there). Runs first on every tournament controller.
 */
@Injectable()
export class TournamentsEnabledGuard implements CanActivate {
  constructor(private readonly config: AppConfig) {}

  canActivate(): boolean {
    if (!this.config.FEATURE_TOURNAMENTS) throw AppError.notFound();
    return true;
  }
}
