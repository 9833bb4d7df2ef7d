import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { CLIENT_EVENTS, REALTIME_ERROR_CODES, REALTIME_MESSAGES, SERVER_EVENTS } from '@skillduel/contracts';
import { RealtimeServer } from '../../realtime/realtime.server';
import { AppSocket, CHANNELS, RealtimeError } from '../../realtime/realtime.types';
import { TournamentSoloRounds } from '../attempts/tournament-solo-rounds';
import type { AttemptRoundRecord } from '../attempts/tournament-attempts.repository';
import { TournamentStandingsRepository } from './tournament-standings.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Tournaments one socket may follow at once (a page shows one; a few tabs' worth is plenty). */
const MAX_FOLLOWED_PER_SOCKET = 5;

function tournamentIdOf(payload: unknown): string {
  const id =
    typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>)['tournament_id'] : null;
  if (typeof id !== 'string' || !UUID_PATTERN.test(id)) {
    throw new RealtimeError(REALTIME_ERROR_CODES.invalidPayload, REALTIME_MESSAGES.invalidPayload);
  }
  return id;
}

/**
 * Live standings (docs/product/tournaments.md#standings): sockets follow a tournament (`tournament:subscribe`, its
 * channel), and each stored score that changes a player's best is pushed there as `tournament:standings` with the
 * player's new rank. The emit goes through the Socket.IO adapter, so with REDIS_URL it reaches followers connected to
 * every instance, whichever instance ran the attempt.
 */
@Injectable()
export class TournamentStandingsPush implements OnModuleInit {
  private readonly logger = new Logger('TournamentStandings');

  constructor(
    private readonly realtime: RealtimeServer,
    private readonly rounds: TournamentSoloRounds,
    private readonly standings: TournamentStandingsRepository,
  ) {}

  onModuleInit(): void {
    this.realtime.handle(CLIENT_EVENTS.tournamentSubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket, payload) => {
        const tournamentId = tournamentIdOf(payload);
        const channel = CHANNELS.tournament(tournamentId);
        const followed = [...socket.rooms].filter((room) => room.startsWith(CHANNELS.tournament('')));
        if (!followed.includes(channel) && followed.length >= MAX_FOLLOWED_PER_SOCKET) {
          throw new RealtimeError(REALTIME_ERROR_CODES.tooManyRooms, REALTIME_MESSAGES.tooManyRooms);
        }
        await socket.join(channel);
        return null;
      },
    });
    this.realtime.handle(CLIENT_EVENTS.tournamentUnsubscribe, {
      bucket: 'control',
      handle: async (socket: AppSocket, payload) => {
        await socket.leave(CHANNELS.tournament(tournamentIdOf(payload)));
        return null;
      },
    });
    this.rounds.onScored((round) => {
      this.pushIfBest(round).catch((error: unknown) =>
        this.logger.warn({ err: error, attemptId: round.id }, 'Standings push failed'),
      );
    });
  }

  /** Pushes the player's new standing when this attempt is now their best (a worse one changes nothing). */
  private async pushIfBest(round: AttemptRoundRecord): Promise<void> {
    const best = await this.standings.best(round.tournamentId, round.userId);
    if (!best || best.score !== round.score || best.reachedAt.getTime() !== round.reachedAt?.getTime()) return;
    const [rank, ranked] = await Promise.all([
      this.standings.rankOf(round.tournamentId, round.userId),
      this.standings.ranked(round.tournamentId),
    ]);
    if (rank === null) return;
    this.realtime.emitTo(CHANNELS.tournament(round.tournamentId), SERVER_EVENTS.tournamentStandings, {
      tournament_id: round.tournamentId,
      ranked,
      changed: {
        rank,
        user_id: best.userId,
        username: best.username,
        score: Number(best.score),
        reached_at: best.reachedAt.toISOString(),
        is_me: false,
      },
    });
  }
}
