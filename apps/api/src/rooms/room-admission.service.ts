import { Injectable } from '@nestjs/common';
import {
  centsToDollars,
  HTTP_ERROR_MESSAGES,
  parseDollarsToCents,
  ROOM_ERROR_CODES,
  ROOM_ID_PREFIX,
  ROOM_MESSAGES,
  ROOM_PASSWORD_LIMITS,
  VALIDATION_MESSAGES,
} from '@skillduel/contracts';
import { isGameId } from '@skillduel/games';
import { randomInt } from 'node:crypto';
import { EntityManager } from 'typeorm';
import { AppError } from '../common/app-error';
import { logLockout } from '../common/security-events';
import { AppConfig } from '../config/app-config';
import { MoneyGate } from '../responsible-gaming/money-gate.service';
import { RoomEscrowService } from './room-escrow.service';
import { verifyRoomPassword } from './room-password';
import { RoomPasswordAttemptsRepository } from './room-password-attempts.repository';
import { RoomCore, RoomGameRecord, RoomRecord, RoomsRepository } from './rooms.repository';

const ROOM_ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const ROOM_ID_RANDOM_LENGTH = 20;

/** `room_` + 20 random base-62 characters (~119 bits). */
function newRoomId(): string {
  let id = ROOM_ID_PREFIX;
  for (let i = 0; i < ROOM_ID_RANDOM_LENGTH; i++) id += ROOM_ID_ALPHABET[randomInt(ROOM_ID_ALPHABET.length)];
  return id;
}

/**
 * Who may open a room or take a seat in one, and the writes that do it (shared by create, join, quick match and the
 * matchmaking queue): a valid bet within the game's limits, an account that may bet, player protection and the
 * open-room cap under the player's row lock, a private room's password, and the seat with its stake in escrow.
 */
@Injectable()
export class RoomAdmissionService {
  constructor(
    private readonly rooms: RoomsRepository,
    private readonly escrow: RoomEscrowService,
    private readonly config: AppConfig,
    private readonly moneyGate: MoneyGate,
    private readonly passwordAttempts: RoomPasswordAttemptsRepository,
  ) {}

  validBetCents(value: unknown): bigint {
    const cents = parseDollarsToCents(value);
    if (cents === null || cents <= 0n)
      throw AppError.badRequest(ROOM_ERROR_CODES.invalidBet, VALIDATION_MESSAGES.invalidBet);
    return cents;
  }

  /** An active catalogue game with an engine, and a bet within its limits. */
  async playableGame(manager: EntityManager, gameId: string, betCents: bigint): Promise<RoomGameRecord> {
    const game = isGameId(gameId) ? await this.rooms.findGame(manager, gameId) : null;
    if (!game) {
      throw AppError.badRequest(ROOM_ERROR_CODES.gameNotFound, ROOM_MESSAGES.chooseGame, {
        game_id: [ROOM_MESSAGES.chooseGame],
      });
    }
    if (betCents < game.minBetCents) {
      const amount = centsToDollars(game.minBetCents).toFixed(2);
      const message = ROOM_MESSAGES.betBelowMin(amount);
      throw new AppError(400, ROOM_ERROR_CODES.betBelowMinimum, message, { bet_amount: [message] }, { amount });
    }
    if (betCents > game.maxBetCents) {
      const amount = centsToDollars(game.maxBetCents).toFixed(2);
      const message = ROOM_MESSAGES.betAboveMax(amount);
      throw new AppError(400, ROOM_ERROR_CODES.betAboveMaximum, message, { bet_amount: [message] }, { amount });
    }
    return game;
  }

  /**
   * Locks the player's row first (serializing their stakes, and the first lock of every stake so two stakes can never
   * wait on each other in opposite orders) and checks the account may bet at all.
   */
  async lockStaker(manager: EntityManager, userId: string): Promise<void> {
    const user = await this.rooms.lockUser(manager, userId);
    if (!user) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
    if (!user.canBet) throw new AppError(403, ROOM_ERROR_CODES.betNotAllowed, ROOM_MESSAGES.betNotAllowed);
  }

  /** Under the player's row lock: player protection (eligibility, breaks, limits) and the open-room cap. */
  async assertMayStake(
    manager: EntityManager,
    userId: string,
    betCents: bigint,
    clientIp: string | null,
  ): Promise<void> {
    await this.moneyGate.assertMayStake(manager, userId, betCents, clientIp);
    const open = await this.rooms.countOpenRooms(manager, userId);
    if (open >= this.config.MAX_OPEN_ROOMS_PER_PLAYER) {
      const max = this.config.MAX_OPEN_ROOMS_PER_PLAYER;
      throw new AppError(409, ROOM_ERROR_CODES.tooManyOpenRooms, ROOM_MESSAGES.tooManyOpenRooms(max), undefined, {
        max,
      });
    }
  }

  /**
   * Checks a private room's password before the join's transaction, with wrong guesses capped: true when it is right.
   * At most ROOM_PASSWORD_LIMITS.maxWrongGuesses wrong guesses per room and user count within the window; past them
   * every guess, the right one too, answers 429 until the oldest ages out. Rooms the caller sits in, or that are not
   * waiting, are left to the transaction's answers (no guess is counted). scrypt runs outside any transaction.
   */
  async checkRoomPassword(userId: string, roomId: string, password: string | null | undefined): Promise<boolean> {
    const room = await this.rooms.findRoom(this.rooms.runner, roomId);
    if (!room?.isPrivate || room.status !== 'waiting') return false;
    if (room.player1Id === userId || room.player2Id === userId) return false;
    const attempt = await this.passwordAttempts.claim(
      roomId,
      userId,
      ROOM_PASSWORD_LIMITS.maxWrongGuesses,
      ROOM_PASSWORD_LIMITS.wrongGuessWindowSeconds,
    );
    if (attempt === null) {
      throw new AppError(429, ROOM_ERROR_CODES.tooManyPasswordGuesses, HTTP_ERROR_MESSAGES[429]);
    }
    const right = room.passwordHash !== null && (await verifyRoomPassword(password ?? '', room.passwordHash));
    if (!right) {
      // The wrong guess that fills the window starts the lock: a security event (the join paths carry no address).
      if (attempt.attemptsInWindow === ROOM_PASSWORD_LIMITS.maxWrongGuesses) {
        logLockout({
          kind: 'room_password',
          userId,
          ip: null,
          until: new Date(attempt.oldestAttemptAt.getTime() + ROOM_PASSWORD_LIMITS.wrongGuessWindowSeconds * 1000),
          details: { roomId },
        });
      }
      throw new AppError(403, ROOM_ERROR_CODES.wrongPassword, ROOM_MESSAGES.wrongPassword);
    }
    await this.passwordAttempts.release(attempt.attemptId);
    return true;
  }

  /** Inserts a waiting room with the creator's stake in escrow (player row locked and checked by the caller). */
  async createRoom(
    manager: EntityManager,
    userId: string,
    game: RoomGameRecord,
    betCents: bigint,
    isPrivate: boolean,
    passwordHash: string | null,
    expirySeconds = this.config.ROOM_WAITING_EXPIRY_SECONDS,
  ): Promise<RoomRecord> {
    const id = newRoomId();
    await this.rooms.insertRoom(manager, {
      id,
      gameId: game.id,
      betCents,
      isPrivate,
      passwordHash,
      player1Id: userId,
      expirySeconds,
    });
    await this.escrow.stake(manager, id, 1, userId, betCents);
    const room = await this.rooms.findRoom(manager, id);
    if (!room) throw new Error(`room ${id} vanished inside its own transaction`);
    return room;
  }

  /** Seats the player as player 2 with their stake in escrow (room and player rows locked by the caller). */
  async joinRoom(manager: EntityManager, room: RoomCore, userId: string): Promise<void> {
    await this.escrow.stake(manager, room.id, room.round, userId, room.betCents);
    await this.rooms.setPlayer2(manager, room.id, userId, this.config.ROOM_WAITING_EXPIRY_SECONDS);
  }
}
