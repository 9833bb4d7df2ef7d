import { Injectable } from '@nestjs/common';
import { queryRows, SqlRunner } from '../database/sql';
import { emptyEvidence, PlayerEvidence } from './player-evidence';

interface EvidenceRow {
  user_id: string;
  game_id: string;
  rounds: number;
  samples: number;
  sum_log_ms: number;
  sum_sq_log_ms: number;
  correct: number;
  wrong: number;
  timed_rounds: number;
  sum_round_log_median: number;
  sum_sq_round_log_median: number;
  cusum_speed: number;
  cusum_steadiness: number;
  cusum_accuracy: number;
  score: number;
  histogram: number[];
  history: PlayerEvidence['history'];
  alarms: number;
}

/** A player's stored evidence in one game, with how many times it crossed the line. */
export interface StoredEvidence {
  userId: string;
  gameId: string;
  evidence: PlayerEvidence;
  alarms: number;
}

const COLUMNS = `user_id, game_id, rounds, samples, sum_log_ms, sum_sq_log_ms, correct, wrong, timed_rounds,
  sum_round_log_median, sum_sq_round_log_median, cusum_speed, cusum_steadiness, cusum_accuracy, score, histogram,
  history, alarms`;

function toStored(row: EvidenceRow): StoredEvidence {
  const empty = emptyEvidence();
  return {
    userId: row.user_id,
    gameId: row.game_id,
    alarms: row.alarms,
    evidence: {
      rounds: row.rounds,
      samples: row.samples,
      sumLogMs: row.sum_log_ms,
      sumSqLogMs: row.sum_sq_log_ms,
      correct: row.correct,
      wrong: row.wrong,
      timedRounds: row.timed_rounds,
      sumRoundLogMedian: row.sum_round_log_median,
      sumSqRoundLogMedian: row.sum_sq_round_log_median,
      cusum: { speed: row.cusum_speed, steadiness: row.cusum_steadiness, accuracy: row.cusum_accuracy },
      score: row.score,
      histogram: row.histogram.length === empty.histogram.length ? row.histogram : empty.histogram,
      history: row.history,
    },
  };
}

/** SQL of `player_game_evidence` (decision 2701): one row per player and game, locked while a round updates it. */
@Injectable()
export class PlayerEvidenceRepository {
  /**
   * Both players' rows of a game, created when missing and locked FOR UPDATE in user-id order (one lock order for
   * every settlement, so two rounds of the same players cannot deadlock).
   */
  async lockForRound(runner: SqlRunner, gameId: string, userIds: readonly string[]): Promise<StoredEvidence[]> {
    const ordered = [...new Set(userIds)].sort();
    await runner.query(
      `INSERT INTO player_game_evidence (user_id, game_id)
       SELECT u, $2 FROM unnest($1::uuid[]) AS u ORDER BY u
       ON CONFLICT (user_id, game_id) DO NOTHING`,
      [ordered, gameId],
    );
    const rows = await queryRows<EvidenceRow>(
      runner,
      `SELECT ${COLUMNS} FROM player_game_evidence WHERE game_id = $1 AND user_id = ANY($2::uuid[])
        ORDER BY user_id FOR UPDATE`,
      [gameId, ordered],
    );
    return rows.map(toStored);
  }

  /** Writes a player's evidence after a round; `alarm`: this round crossed the line (counted, with its time). */
  async save(
    runner: SqlRunner,
    stored: { userId: string; gameId: string; evidence: PlayerEvidence; alarm: boolean; matchId: string },
  ): Promise<void> {
    const { evidence } = stored;
    await runner.query(
      `UPDATE player_game_evidence
          SET rounds = $3, samples = $4, sum_log_ms = $5, sum_sq_log_ms = $6, correct = $7, wrong = $8,
              timed_rounds = $9, sum_round_log_median = $10, sum_sq_round_log_median = $11, cusum_speed = $12,
              cusum_steadiness = $13, cusum_accuracy = $14, score = $15, histogram = $16::integer[],
              history = $17::jsonb, last_match_id = $18, updated_at = now(),
              alarms = alarms + CASE WHEN $19::boolean THEN 1 ELSE 0 END,
              last_alarm_at = CASE WHEN $19::boolean THEN now() ELSE last_alarm_at END
        WHERE user_id = $1 AND game_id = $2`,
      [
        stored.userId,
        stored.gameId,
        evidence.rounds,
        evidence.samples,
        evidence.sumLogMs,
        evidence.sumSqLogMs,
        evidence.correct,
        evidence.wrong,
        evidence.timedRounds,
        evidence.sumRoundLogMedian,
        evidence.sumSqRoundLogMedian,
        evidence.cusum.speed,
        evidence.cusum.steadiness,
        evidence.cusum.accuracy,
        evidence.score,
        evidence.histogram,
        JSON.stringify(evidence.history),
        stored.matchId,
        stored.alarm,
      ],
    );
  }

  /** Every game's evidence of a player (support's view and the tests). */
  async ofUser(runner: SqlRunner, userId: string): Promise<StoredEvidence[]> {
    const rows = await queryRows<EvidenceRow>(
      runner,
      `SELECT ${COLUMNS} FROM player_game_evidence WHERE user_id = $1 ORDER BY game_id`,
      [userId],
    );
    return rows.map(toStored);
  }
}
