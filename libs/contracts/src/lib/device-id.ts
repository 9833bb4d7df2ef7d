/**
 * The device id (docs/decisions/2330): the server issues it, signed, in an HttpOnly cookie on sign-in, registration
 * and refresh; the browser sends it back by itself and page scripts never see it. It identifies a browser profile,
 * not a person: a fair-play signal (never two accounts of one device in a matchmaking pair; opponents on one device
 * are flagged), never authentication. A request without a validly signed one is an "unknown device".
 *
 * Over plain http (local development, tests) the cookie has this name; over https it is `__Host-` + this name
 * (Secure, Path=/, no Domain: a sibling subdomain cannot set it).
 */
export const DEVICE_ID_COOKIE = 'skillduel_device';
