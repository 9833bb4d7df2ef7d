import { Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ROOM_PASSWORD_LIMITS } from '@skillduel/contracts';
import { AppConfig } from '../config/app-config';
import { LiveRoomsService } from './live/live-rooms.service';
import { MatchSettlementService } from './match-settlement.service';
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
 * - expiry: waiting/ready rooms past ROOM_WAITING_EXPIRY_SECONDS are cancelled and refunded;
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
        if (!room) return false;
        await this.escrow.refundAll(manager, roomId, 'expired');
        await this.rooms.setStatus(manager, roomId, 'cancelled', { closeReason: 'expired' });
        return true;
      });
      if (!cancelled) continue;
      expired++;
      await this.live.roomChanged(roomId, 'closed');
    }
    return expired;
  }
}
