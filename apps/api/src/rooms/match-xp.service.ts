import { Injectable, Logger } from '@nestjs/common';
import { XP_REWARDS } from '@skillduel/contracts';
import { NotificationsService } from '../notifications/notifications.service';
import { UsersService } from '../users/users.service';
import { MatchesRepository, MatchXpSubject } from './matches.repository';

/** A finished match's grants whose settlement is older than this are the sweep's to finish (the live path's before). */
const XP_SWEEP_GRACE_SECONDS = 30;
const XP_SWEEP_BATCH = 50;

/** Who gets how much XP for a match's outcome (none for a void round). */
function matchXpGrants({ outcome, player1Id, player2Id }: MatchXpSubject): Array<[userId: string, xp: number]> {
  if (outcome === 'player1') {
    return [
      [player1Id, XP_REWARDS.win],
      [player2Id, XP_REWARDS.loss],
    ];
  }
  if (outcome === 'player2') {
    return [
      [player2Id, XP_REWARDS.win],
      [player1Id, XP_REWARDS.loss],
    ];
  }
  if (outcome === 'tie') {
    return [
      [player1Id, XP_REWARDS.tie],
      [player2Id, XP_REWARDS.tie],
    ];
  }
  return [];
}

/**
 * Match XP, granted after the settlement commits (docs/decisions/0606-match-xp-grants.md). Each player's grant is
 * its own transaction keyed by "match:<id>", so it happens at most once; the match is marked granted after both,
 * so a crash in between leaves it for the rooms sweep (`grantPending`), which grants what is missing.
 */
@Injectable()
export class MatchXpService {
  private readonly logger = new Logger('MatchXp');

  constructor(
    private readonly matches: MatchesRepository,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
  ) {}

  /** Grants what is not yet granted for this match; resolves false when a grant failed (the sweep retries it). */
  async grant(match: MatchXpSubject): Promise<boolean> {
    let complete = true;
    for (const [userId, xp] of matchXpGrants(match)) {
      try {
        await this.users.awardXp(userId, xp, `match:${match.id}`);
      } catch (error) {
        complete = false;
        this.logger.error({ err: error, userId, matchId: match.id }, 'Match XP grant failed');
      }
    }
    if (complete) {
      try {
        await this.matches.markXpGranted(this.matches.runner, match.id);
      } catch (error) {
        complete = false;
        this.logger.error({ err: error, matchId: match.id }, 'Could not mark match XP granted');
      }
    }
    // The win notification came with the settlement, a level-up with the XP: the players' bells update now.
    await this.notifications.pushChanged([match.player1Id, match.player2Id]);
    return complete;
  }

  /** One sweep step: finishes the grants of matches whose settling instance died before writing them all. */
  async grantPending(graceSeconds = XP_SWEEP_GRACE_SECONDS): Promise<number> {
    const pending = await this.matches.matchesAwaitingXp(this.matches.runner, graceSeconds, XP_SWEEP_BATCH);
    let granted = 0;
    for (const match of pending) {
      if (await this.grant(match)) granted++;
    }
    if (granted > 0) this.logger.warn({ matches: granted }, 'Granted match XP left unwritten by a dead instance');
    return granted;
  }
}
