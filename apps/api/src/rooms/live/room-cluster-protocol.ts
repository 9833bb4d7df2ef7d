import { REALTIME_ERROR_CODES, REALTIME_MESSAGES } from '@skillduel/contracts';
import { AppError } from '../../common/app-error';
import { isDatabaseUnavailable } from '../../database/database-errors';
import { RealtimeError } from '../../realtime/realtime.types';

// What the instances of a cluster say to each other over Redis (docs/decisions/0801): keys, scripts, the request and
// reply on the wire, and the errors a forwarded request can end with.

/** A request one instance makes of the instance that owns a room. */
export interface ClusterRequest {
  op: string;
  roomId: string;
  args: Record<string, unknown>;
  /** The instance that forwarded it (the one the socket is connected to); set on requests from another instance. */
  from?: string;
}

export type RequestHandler = (request: ClusterRequest) => Promise<unknown>;

export interface WireRequest extends ClusterRequest {
  id: string;
  from: string;
}

export interface WireReply {
  id: string;
  ok: boolean;
  data?: unknown;
  error?: { kind: 'realtime' | 'app'; code: string; message: string; status?: number };
}

export const PREFIX = 'skillduel:rooms:';
/** Deletes the lease only while this instance (or the dead owner named) still holds it. */
export const RELEASE_SCRIPT = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0`;
/**
 * Extends the lease while this instance holds it; takes it back when it lapsed and nobody took it (this instance
 * stalled for a whole lease, or Redis restarted empty): the room still runs here, and leaving the key free would let
 * the next join load a second copy of it elsewhere. 0 only when another instance holds it now.
 */
export const RENEW_SCRIPT = `local owner = redis.call('GET', KEYS[1])
if owner == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
if not owner then redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2]) return 1 end
return 0`;

/**
 * How the owner tells the forwarding instance that a request failed: a refusal as it is, an unreachable database as
 * UNAVAILABLE (the request changed nothing; the client may try again, as REST's 503), anything else INTERNAL.
 */
export function toWireError(error: unknown): NonNullable<WireReply['error']> {
  if (error instanceof RealtimeError) return { kind: 'realtime', code: error.code, message: error.message };
  if (error instanceof AppError) {
    return { kind: 'app', code: error.code, message: error.message, status: error.statusCode };
  }
  if (isDatabaseUnavailable(error)) {
    return { kind: 'realtime', code: REALTIME_ERROR_CODES.unavailable, message: REALTIME_MESSAGES.unavailable };
  }
  return { kind: 'realtime', code: REALTIME_ERROR_CODES.internal, message: REALTIME_MESSAGES.internal };
}

export function unavailable(): RealtimeError {
  return new RealtimeError(REALTIME_ERROR_CODES.unavailable, REALTIME_MESSAGES.unavailable);
}

/** The owner of a room no longer listens (it stopped or died). */
export class OwnerGoneError extends Error {
  constructor(readonly owner: string) {
    super(`room owner ${owner} is gone`);
    this.name = 'OwnerGoneError';
  }
}
