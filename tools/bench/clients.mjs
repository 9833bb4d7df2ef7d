// What the benchmarks do as clients of a running SkillDuel: REST calls, funded players, sockets, acks.
import { randomUUID } from 'node:crypto';
import { io } from 'socket.io-client';

/** A JSON call to `/api<path>`; POSTs carry a fresh Idempotency-Key. Throws on a non-2xx answer. */
export async function api(baseUrl, path, { token, body, method = body ? 'POST' : 'GET' } = {}) {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(method === 'POST' ? { 'idempotency-key': randomUUID() } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/** A new registered player with $100 deposited; resolves with their access token. */
export async function fundedPlayer(baseUrl, name) {
  const suffix = `${name}${randomUUID().slice(0, 8)}`;
  const auth = await api(baseUrl, '/auth/register', {
    body: {
      username: suffix,
      email: `${suffix}@example.com`,
      password: 'bench-password-1',
      confirmPassword: 'bench-password-1',
    },
  });
  await api(baseUrl, '/users/me/eligibility', {
    token: auth.access_token,
    method: 'PUT',
    body: { date_of_birth: '1990-05-17', country: 'MX', accept_terms: true },
  });
  await api(baseUrl, '/transactions/deposit', {
    token: auth.access_token,
    body: { amount: 100, payment_method: 'card' },
  });
  return auth.access_token;
}

/** A socket.io-client websocket, as the player with `token` or a guest without one. */
export function connect(baseUrl, token) {
  const socket = io(baseUrl, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: token ? { token } : {},
    reconnection: false,
    forceNew: true,
  });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Emits and resolves with the acknowledgement. */
export const ack = (socket, event, payload) => new Promise((resolve) => socket.emit(event, payload, resolve));
