import { Injectable, Logger } from '@nestjs/common';
import {
  centsToDollars,
  EligibilityDto,
  EligibilityRequestDto,
  parseDollarsToCents,
  RealityCheckDto,
  RG_ERROR_CODES,
  RG_LIMIT_KINDS,
  RG_MESSAGES,
  RgLimitDto,
  RgLimitKind,
  RgLimitsDto,
  SELF_EXCLUSION_PERIODS,
  SelfExclusionDto,
  SelfExclusionRequestDto,
  TERMS_VERSION,
  UpdateLimitsDto,
} from '@skillduel/contracts';
import { AppError } from '../common/app-error';
import { AppConfig } from '../config/app-config';
import { RoomsService } from '../rooms/rooms.service';
import { formatBreakEnd } from './money-gate.service';
import { EligibilityRecord, ExclusionRecord, ResponsibleGamingRepository } from './responsible-gaming.repository';
import { ageOn, currentSession, isPlausibleDateOfBirth, limitChange, minimumAgeFor } from './rg-rules';

/** Matches further apart than this start a new play session for the reality check. */
const SESSION_GAP_MS = 30 * 60_000;
/** The reality check looks back at most this far when the player never answered one. */
const SESSION_LOOKBACK_MS = 24 * 3600_000;

const toDollars = (cents: bigint | null): number | null => (cents === null ? null : centsToDollars(cents));

function toExclusionDto(exclusion: ExclusionRecord): SelfExclusionDto {
  return {
    kind: exclusion.kind,
    started_at: exclusion.startsAt.toISOString(),
    ends_at: exclusion.endsAt?.toISOString() ?? null,
  };
}

function toEligibilityDto(record: EligibilityRecord | null): EligibilityDto {
  return {
    confirmed: record?.status === 'eligible',
    status: record?.status ?? 'none',
    date_of_birth: record?.dateOfBirth ?? null,
    country: record?.country ?? null,
    terms_version: record?.termsVersion ?? null,
    current_terms_version: TERMS_VERSION,
    confirmed_at: record?.confirmedAt.toISOString() ?? null,
  };
}

/**
 * The player's own protection settings (docs/product/player-protection.md): eligibility, limits, breaks and the reality
 * check. The checks on money routes live in MoneyGate; this service changes what they read, under the player's row
 * lock.
 */
@Injectable()
export class ResponsibleGamingService {
  private readonly logger = new Logger('ResponsibleGaming');

  constructor(
    private readonly repository: ResponsibleGamingRepository,
    private readonly rooms: RoomsService,
    private readonly config: AppConfig,
  ) {}

  async eligibility(userId: string): Promise<EligibilityDto> {
    return toEligibilityDto(await this.repository.findEligibility(this.repository.runner, userId));
  }

  /**
   * Records the declaration once. An under-age or blocked-country declaration is kept as refused (so it cannot be
   * retried with other answers) and answered 403; a confirmed one cannot be changed by the player.
   */
  async confirmEligibility(userId: string, dto: EligibilityRequestDto): Promise<EligibilityDto> {
    const outcome = await this.repository.transaction(async (runner) => {
      await this.repository.lockUser(runner, userId);
      const existing = await this.repository.findEligibility(runner, userId);
      if (existing?.status === 'refused') {
        return { refusal: RG_MESSAGES.refusedBefore as string, code: existing.refusalCode };
      }
      if (existing) {
        if (existing.dateOfBirth === dto.date_of_birth && existing.country === dto.country) return { existing };
        throw AppError.conflict(RG_ERROR_CODES.eligibilityLocked, RG_MESSAGES.eligibilityLocked);
      }
      const today = await this.repository.todayUtc(runner);
      if (!isPlausibleDateOfBirth(dto.date_of_birth, today)) {
        throw AppError.badRequest('VALIDATION_ERROR', RG_MESSAGES.dateOfBirthInvalid, {
          date_of_birth: [RG_MESSAGES.dateOfBirthInvalid],
        });
      }
      const minAge = minimumAgeFor(dto.country, this.config.RG_MIN_AGE_BY_COUNTRY, this.config.RG_MIN_AGE_DEFAULT);
      // The figures go with the refusal (ErrorBody.params) so the web can say it in the player's language.
      let refusal: { code: string; message: string; params: Record<string, string | number> } | null = null;
      if (this.config.BLOCKED_COUNTRIES.includes(dto.country)) {
        refusal = {
          code: RG_ERROR_CODES.countryBlocked,
          message: RG_MESSAGES.countryBlocked(dto.country),
          params: { country: dto.country },
        };
      } else if (ageOn(dto.date_of_birth, today) < minAge) {
        refusal = {
          code: RG_ERROR_CODES.underage,
          message: RG_MESSAGES.underage(minAge, dto.country),
          params: { min_age: minAge, country: dto.country, date_of_birth: dto.date_of_birth },
        };
      }
      await this.repository.insertEligibility(runner, userId, {
        dateOfBirth: dto.date_of_birth,
        country: dto.country,
        termsVersion: TERMS_VERSION,
        status: refusal ? 'refused' : 'eligible',
        refusalCode: refusal?.code ?? null,
      });
      // The refusal is committed (kept), then answered.
      return refusal
        ? { refusal: refusal.message as string, code: refusal.code, params: refusal.params }
        : { existing: null };
    });
    if ('refusal' in outcome && outcome.refusal !== undefined) {
      const params = 'params' in outcome ? outcome.params : undefined;
      throw new AppError(403, outcome.code ?? RG_ERROR_CODES.eligibilityRequired, outcome.refusal, undefined, params);
    }
    return this.eligibility(userId);
  }

  async limits(userId: string): Promise<RgLimitsDto> {
    const runner = this.repository.runner;
    const [records, totals, exclusion, frozen] = await Promise.all([
      this.repository.listLimits(runner, userId),
      this.repository.windowTotals(runner, userId),
      this.repository.activeExclusion(runner, userId),
      this.repository.isFrozen(runner, userId),
    ]);
    const limits = Object.fromEntries(
      RG_LIMIT_KINDS.map((kind): [RgLimitKind, RgLimitDto] => [kind, { amount: null, pending: null }]),
    ) as Record<RgLimitKind, RgLimitDto>;
    for (const record of records) {
      limits[record.kind] = {
        amount: toDollars(record.amountCents),
        pending:
          record.pendingSet && record.pendingAppliesAt
            ? { amount: toDollars(record.pendingAmountCents), applies_at: record.pendingAppliesAt.toISOString() }
            : null,
      };
    }
    const lost = (cents: bigint): number => centsToDollars(cents > 0n ? cents : 0n);
    return {
      limits,
      usage: {
        deposit_day: centsToDollars(totals.depositedCents.day),
        deposit_week: centsToDollars(totals.depositedCents.week),
        deposit_month: centsToDollars(totals.depositedCents.month),
        loss_day: lost(totals.netLossCents.day),
        loss_week: lost(totals.netLossCents.week),
        loss_month: lost(totals.netLossCents.month),
      },
      raise_delay_hours: this.config.RG_LIMIT_RAISE_DELAY_HOURS,
      exclusion: exclusion ? toExclusionDto(exclusion) : null,
      frozen,
    };
  }

  /** Setting or lowering applies at once (and drops a pending raise); raising or removing waits for the delay. */
  async updateLimits(userId: string, dto: UpdateLimitsDto): Promise<RgLimitsDto> {
    await this.repository.transaction(async (runner) => {
      await this.repository.lockUser(runner, userId);
      const current = new Map((await this.repository.listLimits(runner, userId)).map((r) => [r.kind, r]));
      for (const kind of RG_LIMIT_KINDS) {
        const requested = dto[kind];
        if (requested === undefined) continue;
        const requestedCents = requested === null ? null : parseDollarsToCents(requested);
        const inForce = current.get(kind)?.amountCents ?? null;
        const change = limitChange(inForce, requestedCents);
        if (change.kind === 'immediate') {
          await this.repository.saveLimit(runner, userId, kind, change.amountCents, null);
        } else {
          await this.repository.saveLimit(runner, userId, kind, inForce, {
            amountCents: change.amountCents,
            delayHours: this.config.RG_LIMIT_RAISE_DELAY_HOURS,
          });
        }
      }
    });
    return this.limits(userId);
  }

  /**
   * Starts a cool-off or self-exclusion. A running break can only be lengthened, never shortened or lifted. Once
   * committed, the player's waiting rooms (and finished rooms awaiting Play Again) are closed and refunded; a match
   * being played is played out.
   */
  async startBreak(userId: string, dto: SelfExclusionRequestDto): Promise<SelfExclusionDto> {
    const periods: Record<string, number | null> = SELF_EXCLUSION_PERIODS[dto.kind];
    if (!(dto.period in periods)) {
      throw AppError.badRequest('VALIDATION_ERROR', RG_MESSAGES.periodInvalid, { period: [RG_MESSAGES.periodInvalid] });
    }
    const hours = periods[dto.period];
    const created = await this.repository.transaction(async (runner) => {
      await this.repository.lockUser(runner, userId);
      const active = await this.repository.activeExclusion(runner, userId);
      if (active) {
        const now = await this.repository.now(runner);
        const newEndMs = hours === null ? Infinity : now.getTime() + hours * 3600_000;
        const activeEndMs = active.endsAt === null ? Infinity : active.endsAt.getTime();
        if (newEndMs <= activeEndMs) {
          const until = active.endsAt ? formatBreakEnd(active.endsAt) : 'forever';
          throw AppError.conflict(RG_ERROR_CODES.exclusionCannotShorten, RG_MESSAGES.exclusionCannotShorten(until));
        }
      }
      return this.repository.insertExclusion(runner, userId, dto.kind, dto.period, hours);
    });
    await this.cancelOpenRooms(userId);
    return toExclusionDto(created);
  }

  async realityCheck(userId: string): Promise<RealityCheckDto> {
    const runner = this.repository.runner;
    const [now, checkedAt] = await Promise.all([
      this.repository.now(runner),
      this.repository.lastRealityCheck(runner, userId),
    ]);
    const since = checkedAt ?? new Date(now.getTime() - SESSION_LOOKBACK_MS);
    const session = currentSession(await this.repository.matchesSince(runner, userId, since), now, SESSION_GAP_MS);
    const intervalMinutes = this.config.RG_REALITY_CHECK_MINUTES;
    if (!session) {
      return {
        due: false,
        interval_minutes: intervalMinutes,
        session_started_at: null,
        minutes_played: 0,
        matches_played: 0,
        net_amount: 0,
      };
    }
    const minutesPlayed = Math.floor((now.getTime() - session.startedAt.getTime()) / 60_000);
    const net = await this.repository.netOfMatchesSince(runner, userId, session.startedAt);
    return {
      due: minutesPlayed >= intervalMinutes,
      interval_minutes: intervalMinutes,
      session_started_at: session.startedAt.toISOString(),
      minutes_played: minutesPlayed,
      matches_played: session.matches,
      net_amount: centsToDollars(net),
    };
  }

  /** Continue or stop: either way the clock starts again from now (stopping also signs the web app out). */
  async answerRealityCheck(userId: string): Promise<RealityCheckDto> {
    await this.repository.saveRealityCheck(this.repository.runner, userId);
    return this.realityCheck(userId);
  }

  /**
   * Closes and refunds the player's waiting rooms and finished rooms awaiting Play Again (a break, a freeze); a match
   * being played is played out.
   */
  async cancelOpenRooms(userId: string): Promise<void> {
    const roomIds = await this.repository.roomsToCancelOnBreak(this.repository.runner, userId);
    for (const roomId of roomIds) {
      try {
        await this.rooms.leave(userId, roomId, { keepPlaying: true });
      } catch (error) {
        // The break is in force whatever happens here: the money gate refuses every further stake, and the rooms
        // sweep refunds an expired room. Logged for the operator.
        this.logger.error({ err: error, userId, roomId }, 'Closing a room on a break failed');
      }
    }
  }
}
