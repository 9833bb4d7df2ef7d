import type { Type } from '@nestjs/common';
import type { RoomDto } from '@skillduel/contracts';
import { getMetadataStorage } from 'class-validator';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { bearer, randomIp, registerUser, type RegisteredUser } from './auth-helpers';
import { sql } from './db';
import { type RouteUnderTest, routeTable } from './route-table';
import { createTestApp, type TestApp } from './test-app';

/**
 * No input makes the API answer 5xx: every route of the running application (read from Nest's routing metadata, so a
 * new route is covered without touching this file), every path parameter, query field and body field, filled with
 * hostile values (NUL bytes, integers past PostgreSQL's ranges, negatives, floats, very long strings, wrong types,
 * arrays and objects where a scalar is expected, control and direction characters), as a guest, a player and an
 * admin. Bad input is the caller's mistake: a 4xx, never a server error.
 */

/** Read requests in flight at once (writes go one at a time: they lock rows and would only queue). */
const READ_CONCURRENCY = 8;

/** Strings that are hostile in a path, a query or a JSON string field. */
const HOSTILE_TEXT: string[] = [
  'a\u0000b',
  '99999999999999999999',
  '2147483648',
  '-1',
  '-99999999999999999999',
  '1.5',
  '1e309',
  'NaN',
  ' ',
  'x'.repeat(5000),
  '\u001b[31m\u0085\u202e\u200f\u061c\u2066',
  '\ud83d\ude00'.repeat(300),
  "' OR 1=1 --",
  '%',
  '../../etc/passwd',
  'null',
  '00000000-0000-0000-0000-000000000000',
  `${randomUUID()}x`,
];

/** JSON values of the wrong kind or out of range for any body field (lone surrogates are not Unicode text). */
const HOSTILE_JSON: unknown[] = [
  ...HOSTILE_TEXT,
  '',
  '\ud800',
  1e20,
  2147483648,
  -2147483649,
  -1,
  1.5,
  1e308,
  true,
  null,
  [],
  {},
  ['\u0000'],
  { a: '\u0000' },
];

/** Path segments sent as they are (not encoded again): NUL, broken percent-encodings, an encoded separator. */
const RAW_PATH_SEGMENTS = ['%00', '%ff', '%ED%A0%80', '%2F', '%u0000'];

/** A few more arbitrary strings (any code point, controls and lone surrogates included), the same on every run. */
const RANDOM_TEXT = fc.sample(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), { numRuns: 3, seed: 23 });

/** A string as a URL component; lone surrogates (which cannot be percent-encoded) are sent raw above instead. */
const urlComponent = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '\ufffd'));

/** A value the DTO's validators would plausibly accept, so the other fields of a request do not fail first. */
function plausibleValue(dto: Type | undefined, property: string): unknown {
  if (!dto) return 'all';
  const metadatas = getMetadataStorage()
    .getTargetValidationMetadatas(dto, '', true, false)
    .filter((metadata) => metadata.propertyName === property);
  const named = (name: string) => metadatas.find((metadata) => metadata.name === name);
  const constraint = (name: string) => named(name)?.constraints?.[0] as unknown;
  if (named('isIn')) return (constraint('isIn') as unknown[])[0];
  if (named('isEnum')) return Object.values(constraint('isEnum') as object)[0] as unknown;
  if (named('isBoolean')) return true;
  if (named('isEmail')) return `fuzz_${randomUUID().slice(0, 8)}@example.test`;
  if (named('isUuid')) return randomUUID();
  if (named('isDateString') || named('isIso8601')) return '1990-05-17';
  if (named('isInt') || named('isNumber') || named('isPositive')) {
    const min = constraint('min');
    return typeof min === 'number' ? min : 1;
  }
  if (metadatas.some((metadata) => metadata.type === 'nestedValidation')) return {};
  if (metadatas.some((metadata) => /amount|dollar/i.test(metadata.name ?? ''))) return 1;
  const minLength = constraint('minLength');
  return `Fuzz-${'a'.repeat(typeof minLength === 'number' ? minLength : 8)}1`;
}

function baselineBody(route: RouteUnderTest): Record<string, unknown> {
  return Object.fromEntries(route.bodyFields.map((field) => [field.name, plausibleValue(field.dto, field.name)]));
}

interface Probe {
  path: string;
  query?: string;
  body?: unknown;
}

/** Every hostile variant of one route: each path parameter, query field and body field in turn, the rest plausible. */
function probes(route: RouteUnderTest, pathBaseline: Record<string, string>): { pathProbes: Probe[]; others: Probe[] } {
  const fillPath = (values: Record<string, string>) =>
    route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => values[name]);
  const basePath = fillPath(pathBaseline);
  const body = route.readsBody ? baselineBody(route) : undefined;
  const pathProbes: Probe[] = [];
  for (const param of route.pathParams) {
    for (const text of [...HOSTILE_TEXT, ...RANDOM_TEXT]) {
      pathProbes.push({ path: fillPath({ ...pathBaseline, [param]: urlComponent(text) }), body });
    }
    for (const raw of RAW_PATH_SEGMENTS) pathProbes.push({ path: fillPath({ ...pathBaseline, [param]: raw }), body });
  }
  const others: Probe[] = [];
  for (const field of route.queryFields) {
    const key = encodeURIComponent(field.name);
    for (const text of [...HOSTILE_TEXT, ...RANDOM_TEXT]) {
      others.push({ path: basePath, query: `${key}=${urlComponent(text)}`, body });
    }
    for (const raw of [`${key}=a&${key}=b`, `${key}[a]=1`, `${key}=%00`, `${key}=%ff`, `${key}=%ED%A0%80`]) {
      others.push({ path: basePath, query: raw, body });
    }
  }
  if (route.readsBody) {
    for (const field of route.bodyFields) {
      for (const value of [...HOSTILE_JSON, ...RANDOM_TEXT])
        others.push({ path: basePath, body: { ...body, [field.name]: value } });
    }
    for (const whole of [[], 'text', 123, null, { ...body, unexpected: '\u0000' }, { '\u0000': 1 }]) {
      others.push({ path: basePath, body: whole });
    }
  }
  return { pathProbes, others };
}

describe('no route answers 5xx to hostile input (every route, every parameter)', () => {
  let testApp: TestApp;
  let routes: RouteUnderTest[];
  let roomId: string;

  beforeAll(async () => {
    testApp = await createTestApp({
      RATE_LIMIT_PER_MINUTE: '100000000',
      WITHDRAWAL_PROCESSOR_ENABLED: 'false',
      WITHDRAWAL_DELAY_SECONDS: '0',
    });
    routes = routeTable(testApp.app);
    // A real room, so room routes get past "not found" (its id is every path parameter but a round and a provider).
    const owner = await registerUser(testApp.app);
    const deposit = await testApp.app.inject({
      method: 'POST',
      url: '/api/transactions/deposit',
      headers: bearer(owner.accessToken),
      payload: { amount: 20, payment_method: 'card' },
    });
    expect(deposit.statusCode).toBe(201);
    const room = await testApp.app.inject({
      method: 'POST',
      url: '/api/rooms',
      headers: bearer(owner.accessToken),
      payload: { game_id: 'number-rush', bet_amount: 1 },
    });
    expect(room.statusCode).toBe(201);
    roomId = room.json<RoomDto>().id;
  });
  afterAll(() => testApp.close());

  it('reads the route table from the application: every route of the OpenAPI document is in it', async () => {
    const document = (await testApp.app.inject({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const fromDocument = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path.replace(/\{([^}]+)\}/g, ':$1')}`),
    );
    const fromRouter = new Set(routes.map((route) => `${route.method} ${route.path}`));
    expect(fromDocument.filter((route) => !fromRouter.has(route))).toEqual([]);
    expect(routes.length).toBeGreaterThanOrEqual(fromDocument.length);
  });

  it('answers every hostile request with a status below 500, as a guest, a player and an admin', async () => {
    const app = testApp.app;
    const newPlayer = () => registerUser(app);
    const newAdmin = async () => {
      const admin = await registerUser(app);
      await sql(testApp.databaseUrl, `UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
      return admin;
    };
    const roles: { name: string; make: (() => Promise<RegisteredUser>) | null; user: RegisteredUser | null }[] = [
      { name: 'guest', make: null, user: null },
      { name: 'player', make: newPlayer, user: await newPlayer() },
      { name: 'admin', make: newAdmin, user: await newAdmin() },
    ];
    const pathBaseline = (route: RouteUnderTest) =>
      Object.fromEntries(
        route.pathParams.map((name) => [name, name === 'round' ? '1' : name === 'provider' ? 'google' : roomId]),
      );
    const fillBaseline = (route: RouteUnderTest) =>
      route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => pathBaseline(route)[name]);
    const fullyProbed = new Set<RouteUnderTest>();
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      for (const role of roles) {
        const { pathProbes, others } = probes(route, pathBaseline(route));
        const send = async (probe: Probe) => {
          const url = probe.query ? `${probe.path}?${probe.query}` : probe.path;
          const response = await app.inject({
            method: route.method,
            url,
            headers: {
              ...(role.user ? bearer(role.user.accessToken) : {}),
              'idempotency-key': randomUUID(),
              ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
            },
            ...(probe.body === undefined ? {} : { payload: JSON.stringify(probe.body) }),
            remoteAddress: randomIp(),
          });
          sent++;
          if (response.statusCode >= 500) {
            const body = JSON.stringify(probe.body)?.slice(0, 160);
            failures.push(`${role.name} ${route.method} ${url.slice(0, 160)} ${body} → ${response.statusCode}`);
          }
          return response.statusCode;
        };
        const baseline = await send({
          path: fillBaseline(route),
          body: route.readsBody ? baselineBody(route) : undefined,
        });
        // Guards run before a query or a body is read: a caller they refuse (a guest or a player on a staff route) gets
        // the path probes only. The first caller let through sends every query and body variant; the callers after it
        // (a player or an admin on a public route, an admin on a player's route) send the path probes again, as who
        // calls decides whose rows a path reaches, but not how a query or a body is read.
        const refused = baseline === 401 || baseline === 403;
        const list = refused || fullyProbed.has(route) ? pathProbes : [...pathProbes, ...others];
        if (!refused) fullyProbed.add(route);
        const concurrency = route.method === 'GET' ? READ_CONCURRENCY : 1;
        for (let start = 0; start < list.length; start += concurrency) {
          await Promise.all(list.slice(start, start + concurrency).map(send));
        }
        // A route may end the caller's session or account (sign out, self-exclusion): go on with a fresh one.
        if (role.make && role.user) {
          const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: bearer(role.user.accessToken) });
          if (me.statusCode !== 200) role.user = await role.make();
        }
      }
    }
    expect(failures).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * 3);
  }, 180_000);
});
