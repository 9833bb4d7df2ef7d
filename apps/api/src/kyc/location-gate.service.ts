import { Injectable } from '@nestjs/common';
import {
  LOCATION_ERROR_CODES,
  LOCATION_MESSAGES,
  type LocationCheckedAction,
  type LocationRefusalReason,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import type { SqlRunner } from '../database/sql';
import { GeoProvider } from './geo-provider';
import { LocationRepository } from './location.repository';

function locationNotAllowed(
  reason: LocationRefusalReason,
  action: LocationCheckedAction,
  country: string | null,
): AppError {
  const message =
    reason === 'blocked_country' && country
      ? LOCATION_MESSAGES.blockedCountry(country)
      : LOCATION_MESSAGES.unknownLocation;
  return new AppError(403, LOCATION_ERROR_CODES.locationNotAllowed, message, undefined, {
    reason,
    action,
    country: country ?? 'unknown',
  });
}

/**
 * Where the player is when cash moves (docs/product/kyc.md#location): the client address of every deposit,
 * withdrawal and stake is placed in a country by the offline database. A blocked country is refused with 403
 * LOCATION_NOT_ALLOWED; an address in no country is refused unless GEO_ALLOW_UNKNOWN; a country other than the
 * declared one is allowed and flagged for support (travel is legitimate; a pattern is support's to judge).
 * Runs inside the caller's money transaction, so a refusal writes nothing and a flag is kept only with the action.
 */
@Injectable()
export class LocationGate {
  constructor(
    private readonly geo: GeoProvider,
    private readonly repository: LocationRepository,
    private readonly config: AppConfig,
  ) {}

  async assertMayTransact(
    runner: SqlRunner,
    userId: string,
    clientIp: string,
    action: LocationCheckedAction,
  ): Promise<void> {
    const country = this.geo.countryOf(clientIp);
    if (country === null) {
      if (this.config.GEO_ALLOW_UNKNOWN) return;
      throw locationNotAllowed('unknown_location', action, null);
    }
    if (this.config.BLOCKED_COUNTRIES.includes(country)) throw locationNotAllowed('blocked_country', action, country);
    const declared = await this.repository.declaredCountry(runner, userId);
    if (declared !== null && declared !== country) {
      await this.repository.flagMismatch(runner, userId, {
        declaredCountry: declared,
        ipCountry: country,
        ip: clientIp,
        action,
      });
    }
  }
}
