import type {
  ClientToServerEvents,
  RealtimeErrorCode,
  RealtimeErrorDto,
  ServerToClientEvents,
} from '@skillduel/contracts';
import type { Server, Socket } from 'socket.io';
import type { AuthUser } from '../auth/current-user.decorator';
import type { TokenBucket } from './token-bucket';

/** Rate-limit classes of client events (REALTIME_LIMITS). */
export type BucketName = 'input' | 'chat' | 'emote' | 'control';

/** What the server keeps on each socket (`socket.data`). */
export interface SocketState {
  /** The signed-in user, or null for a guest spectator. */
  user: AuthUser | null;
  buckets: Record<BucketName, TokenBucket>;
  /** Rate refusals in a row; too many disconnects the socket. */
  strikes: number;
  /** The client's address (X-Forwarded-For's first entry with TRUST_PROXY): the key of the per-IP limits. */
  clientIp: string;
  /** Who watches, for spectator counts: `user:<id>`, `guest:<guest id>` or `ip:<address>` (decision 1002). */
  viewerKey: string;
  /** Counted in the per-user and per-IP socket caps (released on disconnect). */
  counted: boolean;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketState>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketState>;

/** A refusal of a socket request: delivered to the ack, else as `app:error`. */
export class RealtimeError extends Error {
  constructor(
    readonly code: RealtimeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RealtimeError';
  }

  toDto(event?: string): RealtimeErrorDto {
    return { code: this.code, message: this.message, ...(event ? { event } : {}) };
  }
}

/** A client event handler registered by a feature module (rooms). */
export interface RealtimeHandler {
  bucket: BucketName;
  /** Returns the ack's data (null when there is nothing to say); throws RealtimeError / AppError to refuse. */
  handle(socket: AppSocket, payload: unknown): unknown;
}

export type DisconnectListener = (socket: AppSocket) => void | Promise<void>;

/** Socket.IO channel names. */
export const CHANNELS = {
  lobby: 'lobby',
  room: (roomId: string): string => `room:${roomId}`,
  seat: (roomId: string, seat: 0 | 1): string => `seat:${roomId}:${seat}`,
  user: (userId: string): string => `user:${userId}`,
  /** Everyone following one tournament's standings. */
  tournament: (tournamentId: string): string => `tournament:${tournamentId}`,
  /** Every socket of one sign-in session (cut at once when the session is revoked). */
  session: (sessionId: string): string => `session:${sessionId}`,
};
