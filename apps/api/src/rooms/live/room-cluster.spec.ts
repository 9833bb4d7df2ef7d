import { REALTIME_ERROR_CODES, REALTIME_MESSAGES, ROOM_MESSAGES } from '@skillduel/contracts';
import { Client } from 'pg';
import { freePort } from '../../../test/redis-server';
import { AppError } from '../../common/app-error';
import { RealtimeError } from '../../realtime/realtime.types';
import { toWireError } from './room-cluster';

/** What a forwarded request's failure looks like to the instance that forwarded it (decision 0801). */
describe('toWireError', () => {
  it('passes refusals on as they are', () => {
    expect(toWireError(new RealtimeError(REALTIME_ERROR_CODES.invalidState, REALTIME_MESSAGES.notPlaying))).toEqual({
      kind: 'realtime',
      code: 'INVALID_STATE',
      message: REALTIME_MESSAGES.notPlaying,
    });
    expect(toWireError(new AppError(409, 'ROOM_NOT_JOINABLE', ROOM_MESSAGES.roomNotJoinable))).toEqual({
      kind: 'app',
      code: 'ROOM_NOT_JOINABLE',
      message: ROOM_MESSAGES.roomNotJoinable,
      status: 409,
    });
  });

  it('says UNAVAILABLE, not INTERNAL, when the owner could not reach its database (the chaos soak’s postmaster kills)', async () => {
    // A real node-postgres connection error: nothing listens on the port.
    const client = new Client({ host: '127.0.0.1', port: await freePort(), user: 'x', database: 'x' });
    const refused = await client.connect().then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(toWireError(refused)).toEqual({
      kind: 'realtime',
      code: REALTIME_ERROR_CODES.unavailable,
      message: REALTIME_MESSAGES.unavailable,
    });
  });

  it('says INTERNAL for anything else', () => {
    expect(toWireError(new TypeError('x is undefined'))).toEqual({
      kind: 'realtime',
      code: REALTIME_ERROR_CODES.internal,
      message: REALTIME_MESSAGES.internal,
    });
  });
});
