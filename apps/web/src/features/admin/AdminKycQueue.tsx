import type { AdminKycReviewDto, KycReviewDecision } from '@skillduel/contracts';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { when } from './adminFormat';
import { useDecideKycMutation, useGetKycQueueQuery } from './adminKycApi';
import { ReasonedActions } from './ReasonedActions';

const KIND_LABELS: Record<AdminKycReviewDto['kind'], string> = {
  identity: 'Identity in review',
  source_of_funds: 'Source of funds',
};

/** What support reviews for this item, in plain words. */
function Details({ item }: { item: AdminKycReviewDto }) {
  if (item.kind === 'source_of_funds' && item.source_of_funds) {
    return (
      <p>
        <strong>{item.source_of_funds.source}</strong>: {item.source_of_funds.details}
      </p>
    );
  }
  return (
    <dl className="admin-kyc-facts">
      <dt>Declared date of birth</dt>
      <dd>{item.declared_date_of_birth ?? '—'}</dd>
      <dt>Document</dt>
      <dd>
        {item.verified_name ?? '—'}, {item.verified_date_of_birth ?? '—'}
      </dd>
      <dt>Provider reasons</dt>
      <dd>{item.reasons.length > 0 ? item.reasons.join(', ') : '—'}</dd>
      <dt>Inquiry</dt>
      <dd>
        <code>{item.reference ?? '—'}</code>
      </dd>
    </dl>
  );
}

function Decision({ item }: { item: AdminKycReviewDto }) {
  const [decide, { isLoading }] = useDecideKycMutation();
  const actions = [
    { value: 'approve', label: 'Approve', variant: 'primary', testId: 'kyc-approve' },
    { value: 'reject', label: 'Reject', variant: 'danger', testId: 'kyc-reject' },
  ] as const;
  return (
    <ReasonedActions<KycReviewDecision>
      label={`Reason for ${item.username}`}
      placeholder="Reason (kept in the audit log)"
      inputTestId="kyc-reason"
      actions={actions}
      busy={isLoading}
      required
      onAct={(decision, reason) => decide({ userId: item.user_id, kind: item.kind, decision, reason }).unwrap()}
    />
  );
}

/**
 * Support's verification queue (decision 2504): identities the provider sent to review and source-of-funds
 * declarations, oldest first, each with the withdrawals it holds; approve or reject with a reason (audited).
 */
export function KycQueue() {
  const { data, isLoading, isError } = useGetKycQueueQuery();
  if (isLoading) return <p className="muted">Loading verifications...</p>;
  if (isError || !data) return <p className="field-error">The verification queue could not be loaded.</p>;
  if (data.length === 0) return <p className="card muted">No verification waiting.</p>;
  return (
    <div className="card admin-section">
      <table className="admin-table" data-testid="admin-kyc">
        <thead>
          <tr>
            <th scope="col">Since</th>
            <th scope="col">Player</th>
            <th scope="col">Review</th>
            <th scope="col">Details</th>
            <th scope="col">Held withdrawals</th>
            <th scope="col">Decide</th>
          </tr>
        </thead>
        <tbody>
          {data.map((item) => (
            <tr key={`${item.user_id}-${item.kind}`} data-testid="admin-kyc-row">
              <td>{when(item.since)}</td>
              <td>
                <Link to={`/admin/users/${item.user_id}`}>{item.username}</Link>
                <br />
                <span className="muted small">tier {item.tier}</span>
              </td>
              <td>{KIND_LABELS[item.kind]}</td>
              <td>
                <Details item={item} />
              </td>
              <td>{item.held_withdrawals > 0 ? formatDollars(item.held_withdrawals) : '—'}</td>
              <td>
                <Decision item={item} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
