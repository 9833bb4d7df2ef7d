import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AuthResponse } from '@skillduel/contracts';
import { randomUUID } from 'node:crypto';
import { bearer, randomIp, RegisteredUser } from '../../../test/auth-helpers';
import { sql } from '../../../test/db';
import {
  answerNumberRushCorrectly,
  ClientSocket,
  playerWithBalance,
  playNumberRushRound,
} from '../../rooms/testing/rooms-test-kit';

export type Method = 'GET' | 'POST' | 'PUT';

/** Helpers for the separation-of-duties tests (decision 2310): staff accounts, links between accounts, rounds. */
export class StaffTestKit {
  readonly sockets: ClientSocket[] = [];

  constructor(
    readonly app: NestFastifyApplication,
    readonly databaseUrl: string,
  ) {}

  call(user: RegisteredUser | null, method: Method, url: string, payload?: Record<string, unknown>) {
    return this.app.inject({
      method,
      url,
      headers: { ...(user ? bearer(user.accessToken) : {}), 'idempotency-key': randomUUID() },
      ...(payload ? { payload } : {}),
    });
  }

  /** A player with `dollars` in the wallet, made `role` by the database (as `npm run admin:grant` would). */
  async member(role: 'player' | 'support' | 'admin', dollars = 100): Promise<RegisteredUser> {
    const user = await playerWithBalance(this.app, dollars);
    if (role !== 'player')
      await sql(this.databaseUrl, `UPDATE users SET role = $2 WHERE id = $1`, [user.user.id, role]);
    return user;
  }

  /** Signs in again (a new session) from `ip`; returns the account with the new tokens. */
  async signIn(user: RegisteredUser, ip = randomIp()): Promise<RegisteredUser> {
    const response = await this.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.user.email, password: user.password },
      remoteAddress: ip,
    });
    if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
    const body = response.json<AuthResponse>();
    return { ...user, accessToken: body.access_token, refreshToken: body.refresh_token };
  }

  /** Both accounts sign in from one (non-loopback) address: linked by IP. */
  async linkByIp(a: RegisteredUser, b: RegisteredUser): Promise<void> {
    const ip = randomIp();
    await this.signIn(a, ip);
    await this.signIn(b, ip);
  }

  /** Both accounts' sessions carry one browser's device id (the stored signal `shared_device` flags read). */
  async linkByDevice(a: RegisteredUser, b: RegisteredUser): Promise<void> {
    await sql(this.databaseUrl, `UPDATE auth_sessions SET device_id = $2 WHERE user_id = ANY($1::uuid[])`, [
      [a.user.id, b.user.id],
      `dev-${randomUUID()}`,
    ]);
  }

  /** A settled number-rush round ($5 unless said) that `winner` wins; resolves with the match id and room id. */
  async round(winner: RegisteredUser, loser: RegisteredUser, bet = 5): Promise<{ matchId: string; roomId: string }> {
    const round = await playNumberRushRound(this.app, winner, loser, {
      bet,
      play: (socket, roomId, view) => answerNumberRushCorrectly(socket, roomId, view, 1),
    });
    this.sockets.push(round.aliceSocket, round.bobSocket);
    if (round.result.outcome !== 'player1') throw new Error(`round not won: ${JSON.stringify(round.result)}`);
    const rows = await sql<{ id: string }>(this.databaseUrl, `SELECT id FROM matches WHERE room_id = $1`, [
      round.roomId,
    ]);
    return { matchId: rows[0].id, roomId: round.roomId };
  }

  /** `player` disputes the round (the real route); returns the dispute id. */
  async dispute(player: RegisteredUser, roomId: string): Promise<string> {
    const response = await this.call(player, 'POST', `/api/rooms/${roomId}/rounds/1/disputes`, {
      reason: 'The questions froze for me halfway through.',
    });
    if (response.statusCode !== 201) throw new Error(`dispute failed: ${response.statusCode} ${response.body}`);
    return response.json<{ id: string }>().id;
  }

  /** An open fair-play flag on `user`, raised by the round `matchId` (as settlement writes them). */
  async flag(user: RegisteredUser, matchId: string): Promise<string> {
    const rows = await sql<{ id: string }>(
      this.databaseUrl,
      `INSERT INTO fair_play_flags (user_id, match_id, kind, evidence) VALUES ($1, $2, 'repeat_pairing', '{}'::jsonb)
       RETURNING id`,
      [user.user.id, matchId],
    );
    return rows[0].id;
  }

  /** A fair-play review of the round with `user` as the held seat (the row settlement writes when it holds a pot). */
  async review(user: RegisteredUser, matchId: string): Promise<string> {
    await sql(this.databaseUrl, `INSERT INTO fair_play_reviews (match_id, held_user_id, score) VALUES ($1, $2, 80)`, [
      matchId,
      user.user.id,
    ]);
    return matchId;
  }

  /** A withdrawal of `dollars` that waits for review (the test app holds anything above $1); returns its id. */
  async heldWithdrawal(user: RegisteredUser, dollars: number): Promise<string> {
    const response = await this.call(user, 'POST', '/api/transactions/withdraw', {
      amount: dollars,
      payment_method: 'card',
    });
    if (response.statusCode !== 202) throw new Error(`withdraw failed: ${response.statusCode} ${response.body}`);
    const rows = await sql<{ id: string; review_state: string | null }>(
      this.databaseUrl,
      `SELECT id, review_state FROM wallet_payments WHERE user_id = $1 AND direction = 'withdrawal'
        ORDER BY created_at DESC LIMIT 1`,
      [user.user.id],
    );
    if (rows[0]?.review_state !== 'held') throw new Error('the withdrawal was not held for review');
    return rows[0].id;
  }

  closeSockets(): void {
    for (const socket of this.sockets.splice(0)) socket.close();
  }
}
