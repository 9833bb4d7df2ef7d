import { Injectable, Logger } from '@nestjs/common';

export type SessionsRevokedListener = (userId: string) => unknown;

/**
 * Tells the realtime layer at once that some of a user's sessions were revoked, so their sockets are cut now and
 * not on the next periodic session check (the gateway finds the user's sockets on every instance through the
 * Socket.IO adapter and disconnects those whose session is no longer live). Call it after the revocation is
 * committed: the listener reads the sessions' state from the database.
 */
@Injectable()
export class SessionRevocations {
  private readonly logger = new Logger('Sessions');
  private readonly listeners: SessionsRevokedListener[] = [];

  onRevoked(listener: SessionsRevokedListener): void {
    this.listeners.push(listener);
  }

  revoked(userId: string): void {
    for (const listener of this.listeners) {
      Promise.resolve()
        .then(() => listener(userId))
        .catch((error: unknown) => this.logger.error({ err: error, userId }, 'Session revocation listener failed'));
    }
  }
}
