import type { MatchReplayDto } from '@skillduel/contracts';
import { FairnessCheck } from '../fairness/FairnessCheck';

/**
 * A round's seed check and score replay, computed in the reviewer's browser, with its raw input log: what support
 * looks at beside a dispute or a held payout.
 */
export function RoundReplayCheck({ replay }: { replay: MatchReplayDto | undefined }) {
  if (!replay) return <p className="muted">Loading the replay...</p>;
  return (
    <>
      <FairnessCheck round={replay.result} replay={replay} />
      <details>
        <summary>Input log ({replay.input_log.length} entries)</summary>
        <pre className="admin-log">{JSON.stringify(replay.input_log, null, 1)}</pre>
      </details>
    </>
  );
}
