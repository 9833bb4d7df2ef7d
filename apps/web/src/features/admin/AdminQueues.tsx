import type { DisputeDecision, FlagResolution } from '@skillduel/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { useGetMatchDetailsQuery } from '../profile/profileStatsApi';
import { when } from './adminFormat';
import { PendingApproval } from './PendingApproval';
import { ReasonedActions } from './ReasonedActions';
import { RoundReplayCheck } from './RoundReplayCheck';
import {
  useDecideDisputeMutation,
  useGetDisputeQuery,
  useGetDisputesQuery,
  useGetFlagsQuery,
  useResolveFlagMutation,
} from './adminApi';

/** Open fair-play flags with their evidence; dismiss, warn or freeze with a note (decision 1602). */
export function FlagQueue() {
  const { data, isLoading, isError } = useGetFlagsQuery();
  if (isLoading) return <p className="muted">Loading flags...</p>;
  if (isError || !data) return <p className="field-error">The flags could not be loaded.</p>;
  if (data.length === 0) return <p className="card muted">No open flag.</p>;
  return (
    <div className="card admin-section">
      <table className="admin-table" data-testid="admin-flags">
        <thead>
          <tr>
            <th scope="col">Raised</th>
            <th scope="col">Player</th>
            <th scope="col">Signal</th>
            <th scope="col">Evidence</th>
            <th scope="col">Resolve</th>
          </tr>
        </thead>
        <tbody>
          {data.map((flag) => (
            <tr key={flag.id} data-testid="admin-flag-row">
              <td>{when(flag.created_at)}</td>
              <td>
                <Link to={`/admin/users/${flag.user_id}`}>{flag.username}</Link>
              </td>
              <td>
                {flag.kind}
                {flag.room_id ? ` (${flag.room_id} #${flag.round ?? ''})` : ''}
              </td>
              <td>
                <code>{JSON.stringify(flag.evidence)}</code>
              </td>
              <td>
                <FlagResolutionForm id={flag.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function FlagResolutionForm({ id }: { id: string }) {
  const [resolve, { isLoading }] = useResolveFlagMutation();
  return (
    <ReasonedActions<FlagResolution>
      label="Note"
      placeholder="Note"
      busy={isLoading}
      actions={[
        { value: 'dismiss', label: 'Dismiss', variant: 'secondary' },
        { value: 'warn', label: 'Warn', variant: 'secondary' },
        { value: 'freeze', label: 'Freeze', variant: 'danger' },
      ]}
      onAct={(action, note) => resolve({ id, action, note }).unwrap()}
    />
  );
}

/** Open disputes; one opens beside its replay, seed check and ledger entries, to uphold or void. */
export function DisputeQueue() {
  const { data, isLoading, isError } = useGetDisputesQuery();
  const [openId, setOpenId] = useState<string | null>(null);
  if (isLoading) return <p className="muted">Loading disputes...</p>;
  if (isError || !data) return <p className="field-error">The disputes could not be loaded.</p>;
  return (
    <div className="admin-section">
      {data.length === 0 ? (
        <p className="card muted">No open dispute.</p>
      ) : (
        <div className="card admin-section">
          <table className="admin-table" data-testid="admin-disputes">
            <thead>
              <tr>
                <th scope="col">Opened</th>
                <th scope="col">Match</th>
                <th scope="col">Reason</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {data.map((dispute) => (
                <tr key={dispute.id} data-testid="admin-dispute-row">
                  <td>{when(dispute.created_at)}</td>
                  <td>
                    {dispute.room_id} #{dispute.round}
                  </td>
                  <td>
                    {dispute.reason}
                    <PendingApproval pending={dispute.pending_approval} />
                  </td>
                  <td>
                    <button type="button" className="button button-secondary" onClick={() => setOpenId(dispute.id)}>
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {openId && <DisputeReview id={openId} onDone={() => setOpenId(null)} />}
    </div>
  );
}

function DisputeReview({ id, onDone }: { id: string; onDone: () => void }) {
  const { data: dispute, isLoading, isError } = useGetDisputeQuery(id);
  const replay = useGetMatchDetailsQuery(
    { roomId: dispute?.room_id ?? '', round: dispute?.round ?? 0 },
    { skip: !dispute },
  );
  const [decide, decideState] = useDecideDisputeMutation();
  if (isLoading) return <p className="muted">Loading the dispute...</p>;
  if (isError || !dispute) return <p className="field-error">This dispute could not be loaded.</p>;
  const won = dispute.outcome === 'player1' || dispute.outcome === 'player2';

  return (
    <section className="card admin-section" data-testid="admin-dispute-review" aria-label="Dispute review">
      <h2>
        {dispute.game_id} · {dispute.room_id} #{dispute.round}
      </h2>
      <p>
        <strong>{dispute.username}</strong>: “{dispute.reason}”
      </p>
      <p>
        Outcome: {dispute.outcome ?? '—'} · Bet {formatDollars(dispute.bet)}
      </p>
      <PendingApproval pending={dispute.pending_approval} />
      <div className="admin-review-grid">
        <div>
          <h3>Replay and seed check</h3>
          <RoundReplayCheck replay={replay.data} />
        </div>
        <div>
          <h3>Ledger entries of the round</h3>
          <table className="admin-table" data-testid="admin-dispute-ledger">
            <thead>
              <tr>
                <th scope="col">Kind</th>
                <th scope="col">Wallet of</th>
                <th scope="col">Amount</th>
              </tr>
            </thead>
            <tbody>
              {dispute.ledger.map((entry) => (
                <tr key={`${entry.transaction_id}:${entry.user_id ?? ''}`}>
                  <td>{entry.kind}</td>
                  <td>{entry.user_id ? entry.user_id.slice(0, 8) : '—'}</td>
                  <td>{entry.amount > 0 ? `+${formatDollars(entry.amount)}` : formatDollars(entry.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <ReasonedActions<DisputeDecision>
        label="Decision note"
        placeholder="Decision (shown to the players)"
        inputTestId="admin-dispute-note"
        busy={decideState.isLoading}
        actions={[
          { value: 'uphold', label: 'Uphold the result', variant: 'secondary' },
          { value: 'void', label: 'Void the match', variant: 'danger', testId: 'admin-dispute-void' },
          { value: 'award_other', label: 'Award it to the other player', variant: 'danger', disabled: !won },
        ]}
        onAct={async (decision, note) => {
          const decided = await decide({ id, decision, note }).unwrap();
          // A proposal waiting for a second staff member stays open on screen, showing who proposed it.
          if (!decided.pending_approval) onDone();
        }}
      />
    </section>
  );
}
