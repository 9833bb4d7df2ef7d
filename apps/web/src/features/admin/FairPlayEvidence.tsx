import type { FairPlaySignalDto } from '@skillduel/contracts';
import { Link } from 'react-router-dom';
import { when } from './adminFormat';
import { useGetUserFairPlayQuery } from './adminApi';

/** The signals of decision 1802 in a reviewer's words (the console is English only). */
export const SIGNAL_LABELS: Record<FairPlaySignalDto['kind'], string> = {
  machine_regular: 'Machine-steady rhythm',
  reaction_floor_cluster: 'Reactions clustered at the floor',
  superhuman_accuracy: 'Superhuman accuracy and speed',
  superhuman_rate: 'Clicking faster than people sustain',
  no_input: 'Never sent an input',
  beyond_human_profile: 'Play across rounds beyond the human reference',
};

const EVIDENCE_LABELS: Record<string, string> = {
  intervals: 'Intervals measured',
  mean_ms: 'Mean interval (ms)',
  sd_ms: 'Standard deviation (ms)',
  cv: 'Variation (sd / mean)',
  cv_threshold: 'Held below',
  variance_ratio: 'Drift (variance of 8-interval sums ÷ 8 × one interval)',
  variance_ratio_threshold: 'Drift held below',
  clicks: 'Clicks',
  median_interval_ms: 'Median interval (ms)',
  clicks_per_second: 'Clicks per second (median)',
  percentiles_ms: 'Percentiles (ms)',
  histogram: 'Interval histogram',
  reactions_ms: 'Reactions (ms)',
  near_floor: 'Reactions near the floor',
  near_floor_below_ms: 'Near the floor means under (ms)',
  share: 'Share near the floor',
  correct: 'Right answers',
  answered: 'Answers',
  accuracy: 'Accuracy',
  median_answer_ms: 'Median answer time (ms)',
  human_median_floor_ms: 'Human median floor (ms)',
  inputs: 'Inputs',
};

interface Histogram {
  from_ms: number;
  to_ms: number;
  counts: number[];
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isHistogram(value: unknown): value is Histogram {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Histogram>;
  return (
    isNumber(candidate.from_ms) &&
    isNumber(candidate.to_ms) &&
    Array.isArray(candidate.counts) &&
    candidate.counts.every(isNumber)
  );
}

function isNumberRecord(value: unknown): value is Record<string, number> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every(isNumber);
}

const MAX_LISTED = 24;
/** Shares shown as percentages. */
const RATIO_KEYS = new Set(['accuracy', 'share']);

/** Known figures in the order a reviewer reads them (stored evidence comes back with its keys sorted), then the rest. */
function orderedEvidence(evidence: Record<string, unknown>): [string, unknown][] {
  const known = Object.keys(EVIDENCE_LABELS);
  const rank = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return Object.entries(evidence).sort(([a], [b]) => rank(a) - rank(b));
}

/** Ten bars from the shortest to the longest interval: a machine piles into one or two bars, a person spreads. */
function HistogramBars({ histogram }: { histogram: Histogram }) {
  const most = Math.max(1, ...histogram.counts);
  const label = `Intervals from ${histogram.from_ms} to ${histogram.to_ms} ms, in ten equal bins: ${histogram.counts.join(', ')}`;
  return (
    <figure className="admin-histogram">
      <div className="admin-histogram-bars" role="img" aria-label={label}>
        {histogram.counts.map((count, index) => (
          <span key={index} style={{ height: `${Math.round((count / most) * 100)}%` }} title={String(count)} />
        ))}
      </div>
      <figcaption className="admin-histogram-range muted small">
        <span>{histogram.from_ms} ms</span>
        <span>{histogram.to_ms} ms</span>
      </figcaption>
    </figure>
  );
}

function EvidenceValue({ name, value }: { name: string; value: unknown }) {
  if (isHistogram(value)) return <HistogramBars histogram={value} />;
  if (RATIO_KEYS.has(name) && isNumber(value)) return <>{`${Math.round(value * 1000) / 10} %`}</>;
  if (Array.isArray(value)) {
    const shown = value.slice(0, MAX_LISTED).map(String).join(', ');
    return <>{value.length > MAX_LISTED ? `${shown}, … (${value.length})` : shown}</>;
  }
  if (isNumberRecord(value)) {
    return (
      <>
        {Object.entries(value)
          .map(([key, number]) => `${key} ${number}`)
          .join(' · ')}
      </>
    );
  }
  if (typeof value === 'object' && value !== null) return <code>{JSON.stringify(value)}</code>;
  return <>{String(value)}</>;
}

/** One seat's signals, each with its evidence as a small table. */
export function SignalList({ signals }: { signals: readonly FairPlaySignalDto[] }) {
  if (signals.length === 0) return <p className="muted">No signal.</p>;
  return (
    <ul className="admin-signals">
      {signals.map((signal) => (
        <li key={signal.kind} data-testid="admin-signal" data-kind={signal.kind}>
          <strong>{SIGNAL_LABELS[signal.kind] ?? signal.kind}</strong>{' '}
          <span className="muted">score {signal.score}</span>
          <table className="admin-table admin-evidence">
            <tbody>
              {orderedEvidence(signal.evidence).map(([key, value]) => (
                <tr key={key}>
                  <th scope="row">{EVIDENCE_LABELS[key] ?? key}</th>
                  <td>
                    <EvidenceValue name={key} value={value} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </li>
      ))}
    </ul>
  );
}

/** A player's rounds with fair-play signals, held or not (kept as evidence; decision 1802), newest first. */
export function UserFairPlay({ userId }: { userId: string }) {
  const { data, isLoading, isError } = useGetUserFairPlayQuery(userId);
  return (
    <section className="card admin-section" data-testid="admin-user-fair-play">
      <h3>Fair-play evidence</h3>
      {isLoading && <p className="muted">Loading...</p>}
      {isError && <p className="field-error">The fair-play evidence could not be loaded.</p>}
      {data && data.length === 0 && <p className="muted">No fair-play signal in this player’s rounds.</p>}
      {data && data.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Ended</th>
              <th scope="col">Round</th>
              <th scope="col">Score</th>
              <th scope="col">Payout</th>
              <th scope="col">Signals and evidence</th>
            </tr>
          </thead>
          <tbody>
            {data.map((round) => (
              <tr key={round.match_id} data-testid="admin-fair-play-row">
                <td>{when(round.ended_at)}</td>
                <td>
                  {round.game_id} · {round.room_id} #{round.round}
                </td>
                <td>{round.score}</td>
                <td>
                  {round.held ? <Link to={`/admin?review=${round.match_id}`}>Held for review</Link> : 'Paid as usual'}
                </td>
                <td>
                  <details>
                    <summary>
                      {round.signals.map((signal) => SIGNAL_LABELS[signal.kind] ?? signal.kind).join(', ')}
                    </summary>
                    <SignalList signals={round.signals} />
                  </details>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
