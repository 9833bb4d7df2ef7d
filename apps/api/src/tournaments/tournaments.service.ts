import { Injectable } from '@nestjs/common';
import {
  CreateTournamentDto,
  HTTP_ERROR_MESSAGES,
  parseDollarsToCents,
  payoutTableUnits,
  ROOM_ERROR_CODES,
  ROOM_MESSAGES,
  TOURNAMENT_ERROR_CODES,
  TOURNAMENT_LIMITS,
  TOURNAMENT_MESSAGES,
  type TournamentDto,
  type TournamentsQueryDto,
} from '@skillduel/contracts';
import { createHash, randomBytes } from 'node:crypto';
import { AuditLogRepository } from '../admin/audit-log.repository';
import { AppError } from '../common/app-error';
import { Clock } from '../common/clock';
import { transactionWithRetry } from '../database/retry-transaction';
import { MoneyGate } from '../responsible-gaming/money-gate.service';
import { RoomsRepository } from '../rooms/rooms.repository';
import { HttpAnswer, IdempotencyService } from '../wallet/idempotency.service';
import { LedgerService } from '../wallet/ledger/ledger.service';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { TournamentEscrowService } from './tournament-escrow.service';
import { toEntryDto, toTournamentDto } from './tournament-presenter';
import { TournamentRecord, TournamentsRepository } from './tournaments.repository';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LIST_LIMIT = 100;

export interface CallerContext {
  userId: string;
  idempotencyKey: string | undefined;
  requestId: string;
  /** The client's address: the location check of the entry fee (docs/product/kyc.md#location). */
  ip: string;
}

export type TournamentAnswer = HttpAnswer & { replayed: boolean };

const notFound = (): AppError => AppError.notFound();
const invalid = (field: string, message: string): AppError =>
  AppError.badRequest(TOURNAMENT_ERROR_CODES.invalid, message, { [field]: [message] });

/**
 * Tournaments for players and admins (docs/product/tournaments.md): creating one, the lists and the tournament page,
 * and buying or withdrawing entries before the start. Entry fees pass the same player-protection gate as stakes and
 * move only through the ledger (TournamentEscrowService); starting, settling and cancelling are in
 * TournamentLifecycleService.
 */
@Injectable()
export class TournamentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly repository: TournamentsRepository,
    private readonly escrow: TournamentEscrowService,
    private readonly ledger: LedgerService,
    private readonly idempotency: IdempotencyService,
    private readonly moneyGate: MoneyGate,
    private readonly rooms: RoomsRepository,
    private readonly audit: AuditLogRepository,
    private readonly clock: Clock,
  ) {}

  /** POST /admin/tournaments: the rules are fixed here and shown before anyone pays. */
  async create(adminId: string, dto: CreateTournamentDto): Promise<TournamentDto> {
    if (dto.format === 'bracket') throw invalid('format', TOURNAMENT_MESSAGES.bracketNotYet);
    const entryFeeCents = parseDollarsToCents(dto.entry_fee);
    const table = payoutTableUnits(dto.payout_table);
    if (entryFeeCents === null || entryFeeCents <= 0n || entryFeeCents > BigInt(TOURNAMENT_LIMITS.maxEntryFeeCents)) {
      throw invalid('entry_fee', TOURNAMENT_MESSAGES.entryFeeInvalid);
    }
    if (table === null) throw invalid('payout_table', TOURNAMENT_MESSAGES.payoutTableInvalid);
    if (dto.min_entrants > dto.max_entrants) throw invalid('min_entrants', TOURNAMENT_MESSAGES.entrantsInvalid);
    const startsAt = new Date(dto.starts_at);
    const endsAt = new Date(dto.ends_at);
    const windowMs = endsAt.getTime() - startsAt.getTime();
    if (
      !(startsAt.getTime() > this.clock.now().getTime()) ||
      !(windowMs > 0) ||
      windowMs > TOURNAMENT_LIMITS.maxWindowMs
    ) {
      throw invalid('starts_at', TOURNAMENT_MESSAGES.windowInvalid);
    }
    const seed = randomBytes(32).toString('hex');
    const id = await transactionWithRetry(this.dataSource, async (manager) => {
      if (!(await this.repository.gameExists(manager, dto.game_id))) {
        throw AppError.badRequest(ROOM_ERROR_CODES.gameNotFound, ROOM_MESSAGES.chooseGame, {
          game_id: [ROOM_MESSAGES.chooseGame],
        });
      }
      const escrowAccountId = await this.ledger.createTournamentEscrow(manager);
      const tournamentId = await this.repository.insert(manager, {
        name: dto.name,
        gameId: dto.game_id,
        format: dto.format,
        entryFeeCents,
        minEntrants: dto.min_entrants,
        maxEntrants: dto.max_entrants,
        startsAt,
        endsAt,
        maxEntriesPerPlayer: dto.max_entries_per_player,
        prizeMode: dto.prize_mode,
        payoutTable: table,
        rakeBps: dto.rake_bps,
        seed,
        // Published now, the seed itself once the tournament is finished: nobody can pick content after the fact.
        seedCommitment: createHash('sha256').update(seed).digest('hex'),
        escrowAccountId,
        createdBy: adminId,
      });
      await this.audit.record(manager, {
        actorId: adminId,
        action: 'tournament.created',
        targetType: 'tournament',
        targetId: tournamentId,
        reason: null,
        before: null,
        after: { ...dto },
      });
      return tournamentId;
    });
    return this.view(id, null);
  }

  async list(query: TournamentsQueryDto): Promise<TournamentDto[]> {
    const tournaments = await this.repository.list({ status: query.status, gameId: query.game }, LIST_LIMIT);
    return tournaments.map((tournament) => toTournamentDto(tournament, null));
  }

  async view(id: string, userId: string | null): Promise<TournamentDto> {
    const tournament = UUID_PATTERN.test(id) ? await this.repository.find(this.repository.runner, id) : null;
    if (!tournament) throw notFound();
    const mine = userId ? await this.repository.entriesOf(this.repository.runner, id, userId) : null;
    return toTournamentDto(tournament, mine);
  }

  /**
   * POST /tournaments/{id}/entries: one more paid entry, exactly once per Idempotency-Key. Under the player's row lock
   * (the first lock of every stake, as in rooms) the money gate runs exactly as for a stake; under the tournament's
   * row lock the status, the start time, the entrant cap and the player's entry limit are checked; then the fee
   * moves into the tournament's escrow.
   */
  async enter(caller: CallerContext, tournamentId: string): Promise<TournamentAnswer> {
    if (!UUID_PATTERN.test(tournamentId)) throw notFound();
    return this.idempotency.run(
      {
        userId: caller.userId,
        key: caller.idempotencyKey,
        requestId: caller.requestId,
        fingerprint: { operation: 'tournaments.enter', tournamentId },
      },
      async (manager) => {
        const user = await this.rooms.lockUser(manager, caller.userId);
        if (!user) throw new AppError(401, 'UNAUTHORIZED', HTTP_ERROR_MESSAGES[401]);
        if (!user.canBet) throw new AppError(403, ROOM_ERROR_CODES.betNotAllowed, ROOM_MESSAGES.betNotAllowed);
        const tournament = await this.repository.lock(manager, tournamentId);
        if (!tournament) throw notFound();
        this.assertTakesEntries(tournament);
        await this.moneyGate.assertMayStake(manager, caller.userId, tournament.entryFeeCents, caller.ip);
        const mine = await this.repository.entriesOf(manager, tournamentId, caller.userId);
        const active = mine.filter((entry) => entry.status !== 'refunded').length;
        if (active >= tournament.maxEntriesPerPlayer) {
          throw AppError.conflict(
            TOURNAMENT_ERROR_CODES.entryLimit,
            TOURNAMENT_MESSAGES.entryLimit(tournament.maxEntriesPerPlayer),
          );
        }
        // The cap counts players: a player already in may buy their further entries when the field is full.
        if (active === 0 && tournament.entrants >= tournament.maxEntrants) {
          throw AppError.conflict(TOURNAMENT_ERROR_CODES.full, TOURNAMENT_MESSAGES.full);
        }
        const entry = await this.escrow.enter(manager, tournament, caller.userId, mine.length + 1);
        return { statusCode: 201, body: toEntryDto(entry) };
      },
    );
  }

  /** DELETE /tournaments/{id}/entries/me: before the start, every entry of the caller is refunded at once. */
  async leave(userId: string, tournamentId: string): Promise<TournamentDto> {
    if (!UUID_PATTERN.test(tournamentId)) throw notFound();
    await transactionWithRetry(this.dataSource, async (manager) => {
      const tournament = await this.repository.lock(manager, tournamentId);
      if (!tournament) throw notFound();
      if (tournament.status !== 'scheduled' || this.clock.now() >= tournament.startsAt) {
        throw AppError.conflict(TOURNAMENT_ERROR_CODES.alreadyStarted, TOURNAMENT_MESSAGES.alreadyStarted);
      }
      const held = (await this.repository.entriesOf(manager, tournamentId, userId)).filter(
        (entry) => entry.status === 'held',
      );
      if (held.length === 0) throw AppError.conflict(TOURNAMENT_ERROR_CODES.notEntered, TOURNAMENT_MESSAGES.notEntered);
      await this.escrow.refundEntries(manager, tournament, held, 'left');
    });
    return this.view(tournamentId, userId);
  }

  private assertTakesEntries(tournament: TournamentRecord): void {
    if (tournament.status !== 'scheduled' || this.clock.now() >= tournament.startsAt) {
      throw AppError.conflict(TOURNAMENT_ERROR_CODES.notOpen, TOURNAMENT_MESSAGES.notOpen);
    }
  }
}
