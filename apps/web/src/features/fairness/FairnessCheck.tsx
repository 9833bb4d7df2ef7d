import type { MatchReplayDto, MatchResultDto } from '@skillduel/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkRound, type FairnessReport } from './fairness';
import './fairness.css';

function Verdict({ ok, children }: { ok: boolean; children: string }) {
  return (
    <li className={ok ? 'fairness-ok' : 'fairness-bad'}>
      <span aria-hidden="true">{ok ? '✓' : '✗'}</span> {children}
    </li>
  );
}

/**
 * The round's fairness, checked in this browser rather than taken from the server: sha256 of the revealed seed
 * against the hash published before the start and, with the input log (`replay`), the scores recomputed by the same
 * game engine the server ran.
 */
export function FairnessCheck({ round, replay }: { round: MatchResultDto; replay?: MatchReplayDto }) {
  const { t } = useTranslation();
  const [report, setReport] = useState<FairnessReport | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let alive = true;
    setReport(null);
    setFailed(false);
    checkRound(round, replay).then(
      (checked) => alive && setReport(checked),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [round, replay]);

  const pair = (scores: readonly [number, number]) => `${scores[0]} – ${scores[1]}`;
  return (
    <div className="fairness" role="status" data-testid="fairness-check">
      {failed ? (
        <p className="muted small">{t('fairness.unavailable')}</p>
      ) : !report ? (
        <p className="muted small">{t('fairness.checking')}</p>
      ) : (
        <ul>
          {report.seedMatches === null ? (
            <li className="muted">{t('fairness.seedHidden')}</li>
          ) : (
            <Verdict ok={report.seedMatches}>{t(report.seedMatches ? 'fairness.seedOk' : 'fairness.seedBad')}</Verdict>
          )}
          {report.replay && (
            <Verdict ok={report.replay.matches}>
              {report.replay.matches
                ? t('fairness.replayOk', { count: report.replay.inputs, scores: pair(report.replay.displayScores) })
                : t('fairness.replayBad', {
                    recomputed: pair(report.replay.displayScores),
                    published: pair(round.display_scores),
                  })}
            </Verdict>
          )}
        </ul>
      )}
    </div>
  );
}
