import { DEVICE_ID_COOKIE } from '@skillduel/contracts';
import type { FastifyRequest } from 'fastify';

/** What a request tells about its device (docs/decisions/2330). */
export interface RequestDevice {
  /** The server-issued device id this request is attributed to. */
  id: string;
  /** The signed token the client keeps (the cookie's value). */
  token: string;
  /**
   * True when the client sent this validly signed id back; false when the server issues it with this very answer
   * (a sign-in without one). Only presented ids count as devices the account has used.
   */
  presented: boolean;
}

/** Long enough to outlive any session; browsers cap a cookie's life at 400 days anyway. */
const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** A signed token is 66 characters; anything much longer is not ours and is not even looked at. */
const MAX_TOKEN_LENGTH = 128;

/**
 * Over https the cookie takes the `__Host-` prefix: the browser then only accepts it Secure, on Path=/, without a
 * Domain, so a sibling subdomain cannot plant its own device id in our players' browsers.
 */
function deviceCookieName(secure: boolean): string {
  return secure ? `__Host-${DEVICE_ID_COOKIE}` : DEVICE_ID_COOKIE;
}

/** The device cookie's raw value, when the request carries one. */
export function readDeviceCookie(request: FastifyRequest, secure: boolean): string | null {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return null;
  const name = deviceCookieName(secure);
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    return value.length > 0 && value.length <= MAX_TOKEN_LENGTH ? value : null;
  }
  return null;
}

/**
 * The Set-Cookie value that hands `token` to the browser: HttpOnly (page scripts, and so an injected script, can
 * neither read nor copy it), SameSite=Lax (the API is called from its own site), Path=/ (every API call carries it).
 */
export function deviceCookie(token: string, secure: boolean): string {
  const attributes = [
    `${deviceCookieName(secure)}=${token}`,
    'Path=/',
    `Max-Age=${DEVICE_COOKIE_MAX_AGE_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

const devices = new WeakMap<FastifyRequest, RequestDevice>();

/** Set by DeviceIdInterceptor on the routes it guards. */
export function attachDevice(request: FastifyRequest, device: RequestDevice): void {
  devices.set(request, device);
}

/** The request's device, or null: an unknown device (none sent, not ours, or a route that does not look). */
export function deviceOf(request: FastifyRequest): RequestDevice | null {
  return devices.get(request) ?? null;
}
