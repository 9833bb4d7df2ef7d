import { ADMIN_ERROR_CODES, ADMIN_MESSAGES, VERIFICATION_HOLD_REASON } from '@skillduel/contracts';
import { useState, type FormEvent } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { WITHDRAWAL_REVIEW_WINDOW_HOURS } from '@skillduel/contracts';
import { formatDollars } from '../../app/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { failureCode, ROLLING_TOTAL_LABEL, ROLLING_TOTAL_TITLE, rollingTotal, when } from './adminFormat';
import { PendingApproval } from './PendingApproval';
import { ReasonedActions } from './ReasonedActions';
import { KycQueue } from './AdminKycQueue';
import { DisputeQueue, FlagQueue } from './AdminQueues';
import { AdminUserPanel } from './AdminUserPanel';
import { ReviewQueue } from './AdminReviews';
import {
  useDecideWithdrawalMutation,
  useGetAuditQuery,
  useGetHeldWithdrawalsQuery,
  useGetStaffMeQuery,
  useSearchUsersQuery,
} from './adminApi';
import './admin.css';

const SECTIONS = ['users', 'withdrawals', 'verification', 'flags', 'disputes', 'reviews', 'audit'] as const;
type Section = (typeof SECTIONS)[number];
const SECTION_LABELS: Record<Section, string> = {
  users: 'Users',
  withdrawals: 'Withdrawal review',
  verification: 'Verification',
  flags: 'Flags',
  disputes: 'Disputes',
  reviews: 'Reviews',
  audit: 'Audit log',
};

/**
 * The operator console (/admin, support and admin only; decision 1601): users, the withdrawal review queue, flags,
 * disputes, fair-play reviews of held payouts (decision 1802) and the audit log. English only. Players and guests
 * get the answer the API gives them (403 / 401).
 */
export function AdminPage() {
  const { userId } = useParams();
  const me = useGetStaffMeQuery();
  // /admin?review={matchId} (from a player's fair-play evidence) opens that review.
  const [searchParams] = useSearchParams();
  const openReview = searchParams.get('review');
  const [section, setSection] = useState<Section>(openReview ? 'reviews' : 'users');

  if (me.isLoading) return <p className="muted">Loading...</p>;
  if (me.isError || !me.data) {
    return (
      <section className="page admin-page">
        <PageHeader title="Operator console" />
        <p className="card" data-testid="admin-forbidden">
          {/* A frozen staff account is told why the console is closed to it (decision 2310). */}
          {failureCode(me.error) === ADMIN_ERROR_CODES.accountFrozen
            ? ADMIN_MESSAGES.staffFrozen
            : 'This area is for the SkillDuel support team.'}
        </p>
      </section>
    );
  }
  return (
    <section className="page admin-page" data-testid="admin-page">
      <PageHeader title="Operator console">
        <p className="muted">
          Signed in as {me.data.username} ({me.data.role})
        </p>
      </PageHeader>
      {userId ? (
        <>
          <p>
            <Link to="/admin">← Back to the console</Link>
          </p>
          <AdminUserPanel userId={userId} isAdmin={me.data.role === 'admin'} />
        </>
      ) : (
        <>
          <div className="segmented admin-tabs" role="tablist" aria-label="Console sections">
            {SECTIONS.map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                aria-selected={section === name}
                className="segmented-tab"
                data-testid={`admin-tab-${name}`}
                onClick={() => setSection(name)}
              >
                {SECTION_LABELS[name]}
              </button>
            ))}
          </div>
          {section === 'users' && <UserSearch />}
          {section === 'withdrawals' && <WithdrawalQueue />}
          {section === 'verification' && <KycQueue />}
          {section === 'flags' && <FlagQueue />}
          {section === 'disputes' && <DisputeQueue />}
          {section === 'reviews' && <ReviewQueue key={openReview ?? ''} initialOpenId={openReview} />}
          {section === 'audit' && <AuditLog />}
        </>
      )}
    </section>
  );
}

function UserSearch() {
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const { data, isFetching, isError } = useSearchUsersQuery(query);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQuery(draft.trim());
  };
  return (
    <div className="card admin-section">
      <form className="admin-search" onSubmit={submit} role="search">
        <label className="visually-hidden" htmlFor="admin-user-search">
          Username, email or id
        </label>
        <input
          id="admin-user-search"
          className="admin-input"
          placeholder="Username, email or id"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          data-testid="admin-user-search"
        />
        <button type="submit" className="button button-primary">
          Search
        </button>
      </form>
      {isError && <p className="field-error">Search failed.</p>}
      {isFetching && <p className="muted">Searching...</p>}
      {data && data.length === 0 && <p className="muted">No user found.</p>}
      {data && data.length > 0 && (
        <table className="admin-table" data-testid="admin-user-results">
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Balance</th>
              <th scope="col">State</th>
            </tr>
          </thead>
          <tbody>
            {data.map((user) => (
              <tr key={user.id}>
                <td>
                  <Link to={`/admin/users/${user.id}`}>{user.username}</Link>
                </td>
                <td>{user.email ?? '—'}</td>
                <td>{user.role}</td>
                <td>{formatDollars(user.balance)}</td>
                <td>{user.frozen ? 'Frozen' : 'Active'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function WithdrawalQueue() {
  const { data, isLoading, isError } = useGetHeldWithdrawalsQuery();
  if (isLoading) return <p className="muted">Loading the queue...</p>;
  if (isError || !data) return <p className="field-error">The queue could not be loaded.</p>;
  if (data.length === 0) return <p className="card muted">No withdrawal is waiting for review.</p>;
  return (
    <div className="card admin-section">
      <table className="admin-table" data-testid="admin-withdrawals">
        <thead>
          <tr>
            <th scope="col">Requested</th>
            <th scope="col">Player</th>
            <th scope="col">Amount</th>
            <th scope="col" title={ROLLING_TOTAL_TITLE}>
              {ROLLING_TOTAL_LABEL}
            </th>
            <th scope="col">Method</th>
            <th scope="col">Why held</th>
            <th scope="col">Decision</th>
          </tr>
        </thead>
        <tbody>
          {data.map((withdrawal) => (
            <tr key={withdrawal.id} data-testid="admin-withdrawal-row">
              <td>{when(withdrawal.created_at)}</td>
              <td>
                <Link to={`/admin/users/${withdrawal.user_id}`}>{withdrawal.username}</Link>
              </td>
              <td>{formatDollars(withdrawal.amount)}</td>
              <td data-testid="admin-withdrawal-rolling-total">{rollingTotal(withdrawal.rolling_24h_total)}</td>
              <td>{withdrawal.payment_method}</td>
              <td>{HELD_BECAUSE[withdrawal.review_reason ?? ''] ?? withdrawal.review_reason}</td>
              <td>
                <PendingApproval pending={withdrawal.pending_approval} />
                <DecisionForm id={withdrawal.id} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const HELD_BECAUSE: Record<string, string> = {
  above_threshold: `Above the threshold (${WITHDRAWAL_REVIEW_WINDOW_HOURS} h total)`,
  recent_credentials_change: 'Recent password/email change',
  open_flags: 'Open fair-play flags',
  suspect_winnings: 'Winnings mostly from held-then-released or flagged pots',
  new_account_winnings: 'New account with large winnings',
  // The player's identity must be verified first (decision 2501): settled in the Verification queue.
  [VERIFICATION_HOLD_REASON]: 'Identity verification required (see Verification)',
};

function DecisionForm({ id }: { id: string }) {
  const [decide, { isLoading }] = useDecideWithdrawalMutation();
  return (
    <ReasonedActions
      label="Reason"
      placeholder="Reason (shown to the player)"
      inputTestId="admin-decision-reason"
      busy={isLoading}
      actions={[
        { value: 'approve', label: 'Approve', variant: 'primary' },
        { value: 'reject', label: 'Reject', variant: 'danger' },
      ]}
      onAct={(decision, reason) => decide({ id, decision, reason }).unwrap()}
    />
  );
}

function AuditLog() {
  const [action, setAction] = useState('');
  const { data, isLoading, isError } = useGetAuditQuery(action ? { action } : {});
  return (
    <div className="card admin-section">
      <label className="admin-filter">
        <span>Action</span>
        <select className="admin-input" value={action} onChange={(event) => setAction(event.target.value)}>
          <option value="">All actions</option>
          {[
            'user.freeze',
            'user.unfreeze',
            'user.role_change',
            'user.role_granted_by_config',
            'user.role_granted_by_cli',
            'user.viewed',
            'user.fair_play_viewed',
            'user.searched',
            'withdrawal.approve',
            'withdrawal.approve_proposed',
            'withdrawal.reject',
            'flag.dismiss',
            'flag.warn',
            'flag.freeze',
            'dispute.uphold',
            'dispute.void',
            'dispute.void_proposed',
            'dispute.award_other',
            'dispute.award_other_proposed',
            'fair_play_review.release',
            'fair_play_review.release_proposed',
            'fair_play_review.void',
            'fair_play_review.void_proposed',
          ].map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {isLoading && <p className="muted">Loading...</p>}
      {isError && <p className="field-error">The audit log could not be loaded.</p>}
      {data && data.length === 0 && <p className="muted">Nothing recorded yet.</p>}
      {data && data.length > 0 && (
        <table className="admin-table" data-testid="admin-audit">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Target</th>
              <th scope="col">Reason</th>
              <th scope="col">Before → after</th>
            </tr>
          </thead>
          <tbody>
            {data.map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.created_at)}</td>
                <td>{entry.actor_username ?? 'system'}</td>
                <td>{entry.action}</td>
                <td>
                  {entry.target_type === 'user' ? (
                    <Link to={`/admin/users/${entry.target_id}`}>{entry.target_id.slice(0, 8)}</Link>
                  ) : (
                    `${entry.target_type} ${entry.target_id.slice(0, 8)}`
                  )}
                </td>
                <td>{entry.reason ?? '—'}</td>
                <td>
                  <code>{JSON.stringify(entry.before)}</code> → <code>{JSON.stringify(entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
