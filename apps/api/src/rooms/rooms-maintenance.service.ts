import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { centsToDollars, NOTIFICATION_TEXTS, ROOM_PASSWORD_LIMITS } from '@skillduel/contracts';
import { AppConfig } from '../config/app-config';
import { NotificationsService } from '../notifications/notifications.service';
import { LiveRoomsService } from './live/live-rooms.service';
import { OWNER_CHECK_INTERVAL_MS, OwnerWatch } from './live/owner-watch';
import { RoomCluster } from './live/room-cluster';
import { RoomsSocketHandlers } from './live/rooms-socket.handlers';
import { MatchSettlementService } from './match-settlement.service';
import { MatchedRoomsRepository } from './matched-rooms.repository';
import { MatchXpService } from './match-xp.service';
import { RoomEscrowService } from './room-escrow.service';
import { RoomPasswordAttemptsRepository } from './room-password-attempts.repository';
import { MatchesRepository } from './matches.repository';
import { RoomsRepository } from './rooms.repository';

const SWEEP_BATCH = 50;

/**
 * Background duties that keep money safe without trusting memory (docs/product/rooms-and-matches.md#crash-recovery,
 * docs/decisions/0602):
 * - heartbeat: this instance marks the rounds it runs as alive;
 * - recovery: at boot and then every ROOM_SWEEP_INTERVAL_MS, rounds whose instance stopped marking them alive for
 *   MATCH_STALE_AFTER_SECONDS (a crash) are voided and both stakes refunded;
 * - dead owners (REDIS_URL): every OWNER_CHECK_INTERVAL_MS, when an instance this one forwards sockets to has died,
 *   its rounds are voided and refunded through the same recovery step at once, and their rooms are told why (without
 *   this the players watched a frozen round until the stale recovery, about 30 s);
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
  private ownerTimer?: NodeJS.Timeout;
  private checkingOwners = false;
  private readonly ownerWatch: OwnerWatch;

  constructor(
    private readonly rooms: RoomsRepository,
    private readonly matches: MatchesRepository,
    private readonly escrow: RoomEscrowService,
    private readonly settlement: MatchSettlementService,
    private readonly matchXp: MatchXpService,
    private readonly live: LiveRoomsService,
    private readonly config: AppConfig,
    private readonly passwordAttempts: RoomPasswordAttemptsRepository,
    private readonly cluster: RoomCluster,
    private readonly socketHandlers: RoomsSocketHandlers,
    private readonly matchedRooms: MatchedRoomsRepository,
    private readonly notifications: NotificationsService,
  ) {
    this.ownerWatch = new OwnerWatch(cluster);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.sweepTimer = setInterval(() => void this.sweep(), this.config.ROOM_SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
    this.heartbeatTimer = setInterval(() => void this.heartbeat(), this.config.MATCH_HEARTBEAT_INTERVAL_MS);
    this.heartbeatTimer.unref();
    if (this.cluster.enabled) {
      this.ownerTimer = setInterval(() => void this.checkOwners(), OWNER_CHECK_INTERVAL_MS);
      this.ownerTimer.unref();
    }
  }

  onModuleDestroy(): void {
    clearInterval(this.sweepTimer);
    clearInterval(this.heartbeatTimer);
    clearInterval(this.ownerTimer);
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
      if (!(await this.voidDeadRound(roomId, round, { staleSeconds }))) continue;
      voided++;
      this.logger.warn({ roomId, round }, 'Voided and refunded a round left unsettled by a dead instance');
      await this.live.roundClosedElsewhere(roomId);
    }
    return voided;
  }

  /** Checks the owners this instance's sockets watch rooms through; voids the rounds of those that died. */
  private async checkOwners(): Promise<void> {
    if (this.checkingOwners) return;
    this.checkingOwners = true;
    try {
      for (const instanceId of await this.ownerWatch.newlyDead(this.socketHandlers.forwardedOwners())) {
        await this.voidRoundsOf(instanceId).catch((error: unknown) => {
          this.ownerWatch.retry(instanceId);
          this.logger.error({ err: error, instanceId }, 'Voiding the rounds of a dead instance failed');
        });
      }
    } catch (error) {
      this.logger.error({ err: error }, 'Checking the room owners failed');
    } finally {
      this.checkingOwners = false;
    }
  }

  /** The rounds of an instance that died, voided and refunded now (each only while it is still named on it). */
  async voidRoundsOf(instanceId: string): Promise<number> {
    const open = await this.matches.openMatchesRunBy(this.matches.runner, instanceId, SWEEP_BATCH);
    let voided = 0;
    for (const { roomId, round } of open) {
      if (!(await this.voidDeadRound(roomId, round, { runBy: instanceId }))) continue;
      voided++;
      this.logger.warn({ roomId, round, instanceId }, 'Voided and refunded a round of an instance that died');
      await this.live.roundOfDeadOwnerVoided(roomId, instanceId);
    }
    return voided;
  }

  /**
   * The one recovery step: the round's inputs died with its instance, so nothing can be decided and both stakes go
   * back. Closed under the room's lock only while the condition still holds (stale, or still run by that instance),
   * so a late settlement by a living owner and this void can never both happen.
   */
  private async voidDeadRound(
    roomId: string,
    round: number,
    onlyIf: { staleSeconds: number } | { runBy: string },
  ): Promise<boolean> {
    const closed = await this.settlement.closeRound(
      roomId,
      round,
      {
        outcome: 'void',
        reason: 'void',
        scores: [0, 0],
        displayScores: [0, 0],
        flags: [0, 0],
        durationMs: 0,
        inputLog: [],
      },
      'staleSeconds' in onlyIf ? onlyIf.staleSeconds : null,
      'runBy' in onlyIf ? onlyIf.runBy : null,
    );
    return closed !== null;
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
