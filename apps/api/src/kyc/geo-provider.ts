import { Injectable } from '@nestjs/common';
import { lookup } from 'geoip-country';
import { isIP } from 'node:net';

/**
 * Where a client address is, as a country: the offline IP-to-country database shipped with the `geoip-country`
 * package (no network at run time; updated with the package). A class so a commercial provider (with VPN and proxy
 * detection) can take its place.
 */
@Injectable()
export class GeoProvider {
  /**
   * The ISO 3166-1 alpha-2 country of `ip`, or null when it places the client nowhere: not an address, loopback,
   * a private or link-local network, or an address the database does not know. An IPv4 address written as IPv6
   * (`::ffff:81.2.69.142`, how a dual-stack socket reports it) is looked up as IPv4.
   */
  countryOf(ip: string): string | null {
    const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    if (isIP(address) === 0) return null;
    const country = lookup(address)?.country;
    return country && /^[A-Z]{2}$/.test(country) ? country : null;
  }
}
