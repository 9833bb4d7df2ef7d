import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { centsToDollars, NOTIFICATION_TEXTS, ROOM_PASSWORD_LIMITS } from '@skillduel/contracts';
import { AppConfig } from '../config/app-config';
import { NotificationsService } from '../notifications/notifications.service';
import { LiveRoomsService } from './live/live-rooms.service';
import { MatchSettlementService } from './match-settlement.service';
import { MatchedRoomsRepository } from './matched-rooms.repository';
import { MatchXpService } from './match-xp.service';
import { RoomEscrowService } from './room-escrow.service';
import { RoomPasswordAttemptsRepository } from './room-password-attempts.repository';
import { MatchesRepository } from './matches.repository';
import { RoomsRepository } from './rooms.repository';

const SWEEP_BATCH = 50;

/**
 * Background duties that keep money safe without trusting memory (PRODUCT.md §4, docs/decisions/0602):
 * - heartbeat: this instance marks the rounds it runs as alive;
 * - recovery: at boot and then every ROOM_SWEEP_INTERVAL_MS, rounds whose instance stopped marking them alive for
 *   MATCH_STALE_AFTER_SECONDS (a crash) are voided and both stakes refunded;
 * - expiry: waiting/ready rooms past ROOM_WAITING_EXPIRY_SECONDS are cancelled and refunded (a matched room from the
 *   queue that no player opened expires after MATCHED_ROOM_OPEN_WINDOW_SECONDS instead, and its players are told);
 * - XP: finished matches whose XP grants a dead instance never wrote get them (MatchXpService, decision 0606).
 * Every step takes the room's row lock, so several instances may sweep at once.
 */
@Injectable()
export class RoomsMaintenanceService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('RoomsMaintenance');
  private sweepTimer?: NodeJS.Timeout;
  private heartbeatTimer?: NodeJS.Timeout;
  private sweeping = false;

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly matches: MatchesRepository,
    private readonly escrow: RoomEscrowService,
    private readonly settlement: MatchSettlementService,
    private readonly matchXp: MatchXpService,
    private readonly live: LiveRoomsService,
    private readonly config: AppConfig,
    private readonly passwordAttempts: RoomPasswordAttemptsRepository,
    private readonly matchedRooms: MatchedRoomsRepository,
    private readonly notifications: NotificationsService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.ROOM_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.config.MATCH_HEARTBEAT_INTERVAL_MS);
    this.heartbeatTimer.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
    clearInterval(this.heartbeatTimer);
  }

  async heartbeat(): Promise<void> {
    try {
      await this.matches.heartbeat(this.matches.runner, this.live.instanceId, this.live.liveRoomIds());
    } catch (error) {
      this.logger.error({ err: error }, 'Match heartbeat failed');
    }
  }

  /** One pass of recovery and expiry; returns what it did (for tests and logs). */
  async sweep(): Promise<{ voided: number; expired: number; xpGranted: number }> {
    if (this.sweeping) return { voided: 0, expired: 0, xpGranted: 0 };
    this.sweeping = true;
    try {
      const done = {
        voided: await this.voidStaleMatches(),
        expired: await this.expireRooms(),
        xpGranted: await this.matchXp.grantPending(),
      };
      await this.passwordAttempts.pruneOlderThan(ROOM_PASSWORD_LIMITS.wrongGuessWindowSeconds);
      return done;
    } catch (error) {
      this.logger.error({ err: error }, 'Rooms sweep failed');
      return { voided: 0, expired: 0, xpGranted: 0 };
    } finally {
      this.sweeping = false;
    }
  }

  private async voidStaleMatches(): Promise<number> {
    const staleSeconds = this.config.MATCH_STALE_AFTER_SECONDS;
    const stale = await this.matches.staleMatches(this.matches.runner, staleSeconds, SWEEP_BATCH);
    let voided = 0;
    for (const { roomId, round } of stale) {
      const closed = await this.settlement.closeRound(
        roomId,
        round,
        // The round's inputs died with its instance: nothing can be decided, both stakes go back.
        {
          outcome: 'void',
          reason: 'void',
          scores: [0, 0],
          displayScores: [0, 0],
          flags: [0, 0],
          durationMs: 0,
          inputLog: [],
        },
        staleSeconds,
      );
      if (!closed) continue;
      voided++;
      this.logger.warn({ roomId, round }, 'Voided and refunded a round left unsettled by a dead instance');
      await this.live.roundClosedElsewhere(roomId);
    }
    return voided;
  }

  private async expireRooms(): Promise<number> {
    const ids = await this.rooms.expiredRooms(this.rooms.runner, SWEEP_BATCH);
    let expired = 0;
    for (const roomId of ids) {
      const cancelled = await this.rooms.transaction(async (manager) => {
        const room = await this.rooms.lockExpiredRoom(manager, roomId);
        if (!room) return null;
        // A matched room nobody opened within MATCHED_ROOM_OPEN_WINDOW_SECONDS: its players may not be looking.
        const unopened = await this.matchedRooms.unopenedPlayers(
          manager,
          roomId,
          this.config.ROOM_WAITING_EXPIRY_SECONDS,
        );
        await this.escrow.refundAll(manager, roomId, 'expired');
        await this.rooms.setStatus(manager, roomId, 'cancelled', { closeReason: 'expired' });
        return { unopened };
      });
      if (!cancelled) continue;
      expired++;
      await this.live.roomChanged(roomId, 'closed');
      if (cancelled.unopened.length > 0) await this.tellUnopened(roomId, cancelled.unopened);
    }
    return expired;
  }

  /**
   * The players of a matched room that expired unopened learn it from the bell (kept until read) as well as from the
   * refund's wallet push, since they were likely away when it happened. Best effort: the refund stands regardless.
   */
  private async tellUnopened(roomId: string, userIds: readonly string[]): Promise<void> {
    try {
      const room = await this.rooms.findRoom(this.rooms.runner, roomId);
      if (!room) return;
      const message = NOTIFICATION_TEXTS.matchNotOpened(room.game.name, centsToDollars(room.betCents).toFixed(2));
      for (const userId of userIds) {
        await this.notifications.notify({
          userId,
          type: 'challenge',
          title: NOTIFICATION_TEXTS.matchNotOpenedTitle,
          message,
        });
      }
    } catch (error) {
      this.logger.warn({ err: error, roomId }, 'Unopened matched room: notification failed');
    }
  }
}
