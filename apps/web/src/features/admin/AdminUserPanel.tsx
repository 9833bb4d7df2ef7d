import { USER_ROLES, type UserRole } from '@skillduel/contracts';
import { useState } from 'react';
import { formatDollars } from '../../app/format';
import { failureText, ROLLING_TOTAL_LABEL, ROLLING_TOTAL_TITLE, rollingTotal, when } from './adminFormat';
import { UserFairPlay } from './FairPlayEvidence';
import { useFreezeUserMutation, useGetAdminUserQuery, useSetUserRoleMutation } from './adminApi';

/** One user's page in the console: profile, freeze, role, withdrawals, ledger entries, matches and sessions. */
export function AdminUserPanel({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  const { data: user, isLoading, isError } = useGetAdminUserQuery(userId);
  const [freeze, freezeState] = useFreezeUserMutation();
  const [setRole, roleState] = useSetUserRoleMutation();
  const [reason, setReason] = useState('');
  const [role, setRoleDraft] = useState<UserRole>('support');
  const [error, setError] = useState<string | null>(null);

  if (isLoading) return <p className="muted">Loading...</p>;
  if (isError || !user) return <p className="field-error">This user could not be loaded.</p>;

  const run = async (action: () => Promise<unknown>) => {
    setError(null);
    try {
      await action();
      setReason('');
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <div className="admin-user" data-testid="admin-user">
      <section className="card admin-section">
        <h2>{user.username}</h2>
        <dl className="admin-facts">
          <dt>Email</dt>
          <dd>{user.email ?? '—'}</dd>
          <dt>Role</dt>
          <dd data-testid="admin-user-role">{user.role}</dd>
          <dt>Balance</dt>
          <dd>{formatDollars(user.balance)}</dd>
          <dt>State</dt>
          <dd data-testid="admin-user-state">
            {user.frozen ? `Frozen since ${when(user.frozen_at ?? '')}: ${user.frozen_reason ?? ''}` : 'Active'}
          </dd>
          <dt>Eligibility</dt>
          <dd>
            {user.eligibility ? `${user.eligibility.status} (${user.eligibility.country ?? '?'})` : 'Not confirmed'}
          </dd>
          <dt>Break</dt>
          <dd>
            {user.exclusion
              ? `${user.exclusion.kind} until ${user.exclusion.ends_at ? when(user.exclusion.ends_at) : 'forever'}`
              : 'None'}
          </dd>
          <dt>Member since</dt>
          <dd>{when(user.created_at)}</dd>
        </dl>
        <div className="admin-actions">
          <input
            className="admin-input"
            aria-label="Reason for the action"
            placeholder="Reason (kept in the audit log)"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            data-testid="admin-action-reason"
          />
          <button
            type="button"
            className={user.frozen ? 'button button-secondary' : 'button button-danger'}
            disabled={freezeState.isLoading}
            onClick={() => void run(() => freeze({ id: user.id, reason, freeze: !user.frozen }).unwrap())}
            data-testid="admin-freeze"
          >
            {user.frozen ? 'Unfreeze' : 'Freeze account'}
          </button>
          {isAdmin && (
            <>
              <select
                className="admin-input"
                aria-label="New role"
                value={role}
                onChange={(event) => setRoleDraft(event.target.value as UserRole)}
              >
                {USER_ROLES.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
              <button
                type="button"
                className="button button-secondary"
                disabled={roleState.isLoading}
                onClick={() => void run(() => setRole({ id: user.id, role, reason }).unwrap())}
              >
                Set role
              </button>
            </>
          )}
        </div>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </section>

      <section className="card admin-section">
        <h3>Withdrawals</h3>
        {user.withdrawals.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Amount</th>
                <th scope="col" title={ROLLING_TOTAL_TITLE}>
                  {ROLLING_TOTAL_LABEL}
                </th>
                <th scope="col">Status</th>
                <th scope="col">Review</th>
              </tr>
            </thead>
            <tbody>
              {user.withdrawals.map((withdrawal) => (
                <tr key={withdrawal.id}>
                  <td>{when(withdrawal.created_at)}</td>
                  <td>{formatDollars(withdrawal.amount)}</td>
                  <td>{rollingTotal(withdrawal.rolling_24h_total)}</td>
                  <td>{withdrawal.status}</td>
                  <td>{withdrawal.review_state ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className="card admin-section">
        <h3>Ledger entries (wallet)</h3>
        <table className="admin-table" data-testid="admin-user-ledger">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Kind</th>
              <th scope="col">Amount</th>
              <th scope="col">Room</th>
            </tr>
          </thead>
          <tbody>
            {user.ledger.map((entry) => (
              <tr key={entry.transaction_id}>
                <td>{when(entry.created_at)}</td>
                <td>{entry.kind}</td>
                <td>{entry.amount > 0 ? `+${formatDollars(entry.amount)}` : formatDollars(entry.amount)}</td>
                <td>{entry.room_id ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>

      <section className="card admin-section">
        <h3>Matches</h3>
        {user.matches.length === 0 ? (
          <p className="muted">None.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Game</th>
                <th scope="col">Bet</th>
                <th scope="col">Outcome</th>
                <th scope="col">Room / round</th>
              </tr>
            </thead>
            <tbody>
              {user.matches.map((match) => (
                <tr key={`${match.room_id}:${match.round}`}>
                  <td>{when(match.started_at)}</td>
                  <td>{match.game_id}</td>
                  <td>{formatDollars(match.bet)}</td>
                  <td>{match.outcome ?? match.status}</td>
                  <td>
                    {match.room_id} / {match.round}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <UserFairPlay userId={userId} />
      <section className="card admin-section">
        <h3>Sessions</h3>
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">Method</th>
              <th scope="col">IP</th>
              <th scope="col">Last used</th>
              <th scope="col">Revoked</th>
            </tr>
          </thead>
          <tbody>
            {user.sessions.map((session) => (
              <tr key={session.id}>
                <td>{when(session.created_at)}</td>
                <td>{session.auth_method}</td>
                <td>{session.ip ?? '—'}</td>
                <td>{when(session.last_used_at)}</td>
                <td>{session.revoked_at ? when(session.revoked_at) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
