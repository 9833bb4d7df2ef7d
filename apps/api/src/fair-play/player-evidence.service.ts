import { Injectable } from '@nestjs/common';
import type { GameId } from '@skillduel/contracts';
import { SqlRunner } from '../database/sql';
import {
  addRound,
  EVIDENCE_RULES,
  isBeyondHuman,
  PlayerEvidence,
  roundEvidence,
  RoundSample,
  summary,
} from './player-evidence';
import { PlayerEvidenceRepository } from './player-evidence.repository';

/** What one round did to a player's evidence in its game. */
export interface ProfileAfterRound {
  userId: string;
  /** This round took the player's score across the line: flag the account (their winnings then wait). */
  alarm: boolean;
  /** The figures support reads with the flag. */
  evidence: Record<string, unknown>;
}

/**
 * Evidence per player and game across rounds (docs/decisions/2701), updated in the settlement transaction of every
 * round that was played (void rounds say nothing about play). When a player's score crosses the line, the round
 * raises an alarm and the tests restart from zero, as a CUSUM does after an alarm: the account's
 * `beyond_human_profile` flag then holds their winnings and withdrawals until support decides, and a player support
 * cleared is judged again on new rounds only.
 */
@Injectable()
export class PlayerEvidenceService {
  constructor(private readonly repository: PlayerEvidenceRepository) {}

  async recordRound(
    runner: SqlRunner,
    round: { matchId: string; gameId: GameId; playerIds: [string, string]; samples: [RoundSample, RoundSample] },
  ): Promise<[ProfileAfterRound, ProfileAfterRound]> {
    const stored = await this.repository.lockForRound(runner, round.gameId, round.playerIds);
    const outcomes = [] as ProfileAfterRound[];
    for (const seat of [0, 1] as const) {
      const userId = round.playerIds[seat];
      const previous = stored.find((row) => row.userId === userId);
      if (!previous) throw new Error(`evidence of ${userId} in ${round.gameId} not locked`);
      const sample = round.samples[seat];
      const judged = roundEvidence(round.gameId, sample);
      const next = addRound(previous.evidence, judged, sample.timesMs);
      const alarm = isBeyondHuman(next);
      const saved: PlayerEvidence = alarm
        ? { ...next, cusum: { speed: 0, steadiness: 0, accuracy: 0 }, score: 0 }
        : next;
      await this.repository.save(runner, {
        userId,
        gameId: round.gameId,
        evidence: saved,
        alarm,
        matchId: round.matchId,
      });
      outcomes.push({
        userId,
        alarm,
        evidence: {
          game_id: round.gameId,
          rounds: next.rounds,
          cusum: next.cusum,
          score: next.score,
          line: EVIDENCE_RULES.cusumLine,
          ...summary(next),
          last_rounds: next.history.slice(-10),
        },
      });
    }
    return outcomes as [ProfileAfterRound, ProfileAfterRound];
  }
}
