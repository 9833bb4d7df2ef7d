import { RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { ModulesContainer } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import Ajv from 'ajv';
import { bearer, registerUser } from '../../test/auth-helpers';
import { sql } from '../../test/db';
import { createTestApp, type TestApp } from '../../test/test-app';
import {
  documentationCounts,
  documentationGaps,
  WRITES_WITH_RAW_BODY,
  WRITES_WITHOUT_PAYLOAD,
} from './documentation-gaps';

/**
 * The OpenAPI document at /api/docs-json is a contract a client can be generated from: every operation has its
 * success schema and error body, every write that reads a body documents it, the documented success status is the
 * one the route answers with, and real answers match the documented schemas. A new route without docs fails here.
 */

interface HandlerInfo {
  operationId: string;
  route: string;
  successStatus: number;
  /** The handler sets the status itself (`@Res()`): money routes answer 201/202 or a stored refusal. */
  setsOwnStatus: boolean;
  readsBody: boolean;
}

/** Every route handler of the application, from Nest's routing metadata (the router is built from the same). */
function handlers(app: NestFastifyApplication): HandlerInfo[] {
  const found: HandlerInfo[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Type | null;
      if (!controller || !Reflect.getMetadata(PATH_METADATA, controller)) continue;
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') continue;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (method === undefined || Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, name) ?? {}) as Record<string, unknown>;
        found.push({
          operationId: `${controller.name}_${name}`,
          route: `${RequestMethod[method]} ${controller.name}.${name}`,
          successStatus:
            (Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined) ??
            (method === RequestMethod.POST ? 201 : 200),
          setsOwnStatus: Object.keys(args).some((key) => Number(key.split(':')[0]) === RouteParamtypes.RESPONSE),
          readsBody: Object.keys(args).some((key) => Number(key.split(':')[0]) === RouteParamtypes.BODY),
        });
      }
    }
  }
  return found;
}

function operationsById(document: OpenAPIObject): Map<string, { name: string; operation: OperationObject }> {
  const operations = new Map<string, { name: string; operation: OperationObject }>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (operation?.operationId) {
        operations.set(operation.operationId, { name: `${method.toUpperCase()} ${path}`, operation });
      }
    }
  }
  return operations;
}

describe('OpenAPI document (/api/docs-json)', () => {
  let testApp: TestApp;
  let document: OpenAPIObject;
  let ajv: Ajv;

  beforeAll(async () => {
    testApp = await createTestApp({ RATE_LIMIT_PER_MINUTE: '100000' });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs-json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenAPIObject>();
    // OpenAPI 3.0 schemas: Ajv knows `nullable`; formats and OpenAPI-only keywords are not checked here.
    ajv = new Ajv({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'api', components: document.components }, 'api');
  });
  afterAll(() => testApp.close());

  /** The documented schema of one answer of an operation, checked against a real body. */
  function expectDocumented(operationId: string, status: number, body: unknown): void {
    const entry = operationsById(document).get(operationId);
    expect(entry).toBeDefined();
    const responses = entry?.operation.responses ?? {};
    const response = (responses[String(status)] ?? responses[`${String(status)[0]}XX`]) as ResponseObject;
    const schema = response?.content?.['application/json']?.schema as Record<string, unknown> | undefined;
    expect(schema).toBeDefined();
    // The operation's schema points into the components: resolve it against the document registered as 'api'.
    const validate = ajv.compile(JSON.parse(JSON.stringify(schema).replace(/"#\/components/g, '"api#/components')));
    const valid = validate(body);
    expect({ operationId, status, errors: valid ? null : validate.errors }).toEqual({
      operationId,
      status,
      errors: null,
    });
  }

  it('has no operation without a 2xx schema, a request body where a payload is sent, and the error body', () => {
    expect(documentationGaps(document)).toEqual([]);
    const counts = documentationCounts(document);
    expect(counts.withSuccessSchema).toBe(counts.operations);
    expect(counts.withErrorBody).toBe(counts.operations);
    expect(counts.writesWithRequestBody).toBe(counts.writes - WRITES_WITHOUT_PAYLOAD.size);
  });

  it('documents every route with the success status it answers with, and a request body exactly when it reads one', () => {
    const operations = operationsById(document);
    const problems: string[] = [];
    const noPayload: string[] = [];
    for (const handler of handlers(testApp.app)) {
      const entry = operations.get(handler.operationId);
      if (!entry) continue; // excluded from the document on purpose (@ApiExcludeController: /metrics)
      const success = entry.operation.responses[String(handler.successStatus)] as ResponseObject | undefined;
      if (!handler.setsOwnStatus && !success?.content?.['application/json']?.schema) {
        problems.push(`${handler.route}: no schema for its ${handler.successStatus} answer`);
      }
      const readsBody = handler.readsBody || WRITES_WITH_RAW_BODY.has(entry.name);
      if (readsBody !== Boolean(entry.operation.requestBody)) {
        problems.push(`${handler.route}: reads a body ${readsBody}, documents one ${!readsBody}`);
      }
      if (!readsBody && !entry.name.startsWith('GET ')) noPayload.push(entry.name);
    }
    expect(problems).toEqual([]);
    expect(noPayload.sort()).toEqual([...WRITES_WITHOUT_PAYLOAD].sort());
  });

  it('lists the fields of a query DTO as query parameters', () => {
    const parameters = (operation: string) =>
      (operationsById(document).get(operation)?.operation.parameters ?? []).map((parameter) =>
        'name' in parameter ? `${parameter.in} ${parameter.name}` : parameter.$ref,
      );
    expect(parameters('TransactionsController_list')).toEqual(['query limit', 'query offset']);
    expect(parameters('RoomsController_list')).toEqual(['query game', 'query status']);
    expect(parameters('LeaderboardController_get')).toEqual([
      'query metric',
      'query period',
      'query region',
      'query limit',
    ]);
  });

  it('describes real answers: auth, profile, wallet, rooms, leaderboard, admin and the error body', async () => {
    const app = testApp.app;
    const inject = app.inject.bind(app);
    const player = await registerUser(app);
    const auth = bearer(player.accessToken);

    const registered = await inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        username: `oa_${Date.now()}`,
        email: `oa_${Date.now()}@example.test`,
        password: 'Pw-openapi-1',
        confirmPassword: 'Pw-openapi-1',
      },
    });
    expectDocumented('AuthController_register', registered.statusCode, registered.json());
    const me = await inject({ method: 'GET', url: '/api/users/me', headers: auth });
    expectDocumented('UsersController_me', me.statusCode, me.json());
    const security = await inject({ method: 'GET', url: '/api/auth/security', headers: auth });
    expectDocumented('AuthController_security', security.statusCode, security.json());
    const config = await inject({ method: 'GET', url: '/api/config' });
    expectDocumented('PublicConfigController_get', config.statusCode, config.json());
    const games = await inject({ method: 'GET', url: '/api/games' });
    expectDocumented('GamesController_list', games.statusCode, games.json());

    const deposit = await inject({
      method: 'POST',
      url: '/api/transactions/deposit',
      headers: auth,
      payload: { amount: 50, payment_method: 'card' },
    });
    expect(deposit.statusCode).toBe(201);
    expectDocumented('TransactionsController_deposit', 201, deposit.json());
    const withdraw = await inject({
      method: 'POST',
      url: '/api/transactions/withdraw',
      headers: auth,
      payload: { amount: 10, payment_method: 'card' },
    });
    expectDocumented('TransactionsController_withdraw', withdraw.statusCode, withdraw.json());
    const history = await inject({ method: 'GET', url: '/api/transactions', headers: auth });
    expectDocumented('TransactionsController_list', history.statusCode, history.json());

    const room = await inject({
      method: 'POST',
      url: '/api/rooms',
      headers: auth,
      payload: { game_id: 'number-rush', bet_amount: 1 },
    });
    expect(room.statusCode).toBe(201);
    expectDocumented('RoomsController_create', 201, room.json());
    const roomId = room.json<{ id: string }>().id;
    const rooms = await inject({ method: 'GET', url: '/api/rooms' });
    expectDocumented('RoomsController_list', rooms.statusCode, rooms.json());
    const view = await inject({ method: 'GET', url: `/api/rooms/${roomId}`, headers: auth });
    expectDocumented('RoomsController_view', view.statusCode, view.json());
    const featured = await inject({ method: 'GET', url: '/api/rooms/featured' });
    expectDocumented('RoomsController_featured', featured.statusCode, featured.json());
    const queue = await inject({ method: 'GET', url: '/api/matchmaking/queue', headers: auth });
    expectDocumented('MatchmakingController_current', queue.statusCode, queue.json());

    const leaderboard = await inject({ method: 'GET', url: '/api/users/leaderboard', headers: auth });
    expectDocumented('LeaderboardController_get', leaderboard.statusCode, leaderboard.json());
    const limits = await inject({ method: 'GET', url: '/api/users/me/limits', headers: auth });
    expectDocumented('ResponsibleGamingController_limits', limits.statusCode, limits.json());
    const notifications = await inject({ method: 'GET', url: '/api/notifications', headers: auth });
    expectDocumented('NotificationsController_list', notifications.statusCode, notifications.json());

    const admin = await registerUser(app);
    await sql(testApp.databaseUrl, `UPDATE users SET role = 'admin' WHERE id = $1`, [admin.user.id]);
    const staff = await inject({ method: 'GET', url: '/api/admin/me', headers: bearer(admin.accessToken) });
    expectDocumented('AdminController_me', staff.statusCode, staff.json());
    const detail = await inject({
      method: 'GET',
      url: `/api/admin/users/${player.user.id}`,
      headers: bearer(admin.accessToken),
    });
    expectDocumented('AdminController_user', detail.statusCode, detail.json());
    const withdrawals = await inject({
      method: 'GET',
      url: '/api/admin/withdrawals',
      headers: bearer(admin.accessToken),
    });
    expectDocumented('AdminController_heldWithdrawals', withdrawals.statusCode, withdrawals.json());

    const unauthenticated = await inject({ method: 'GET', url: '/api/users/me' });
    expect(unauthenticated.statusCode).toBe(401);
    expectDocumented('UsersController_me', 401, unauthenticated.json());
    const invalid = await inject({
      method: 'POST',
      url: '/api/rooms',
      headers: auth,
      payload: { game_id: 'number-rush' },
    });
    expect(invalid.statusCode).toBe(400);
    expectDocumented('RoomsController_create', 400, invalid.json());
  });
});
