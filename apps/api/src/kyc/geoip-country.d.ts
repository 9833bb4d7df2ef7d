/** The part of `geoip-country` (offline IP-to-country database, no types of its own) the API uses. */
declare module 'geoip-country' {
  /** The country of an IPv4 or IPv6 address (ISO 3166-1 alpha-2 in `country`), null when the database has none. */
  export function lookup(ip: string): { country: string } | null;
}
