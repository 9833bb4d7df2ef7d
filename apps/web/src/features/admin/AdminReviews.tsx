import type { AdminReviewDto, FairPlayReviewDecision } from '@skillduel/contracts';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { API_BASE_PATH } from '../../app/api';
import { formatDollars } from '../../app/format';
import { useGetMatchDetailsQuery } from '../profile/profileStatsApi';
import { when } from './adminFormat';
import { useDecideReviewMutation, useGetReviewQuery, useGetReviewsQuery } from './adminApi';
import { SIGNAL_LABELS, SignalList } from './FairPlayEvidence';
import { PendingApproval } from './PendingApproval';
import { ReasonedActions } from './ReasonedActions';
import { RoundReplayCheck } from './RoundReplayCheck';

const STATUS_LABELS: Record<AdminReviewDto['status'], string> = {
  held: 'Held',
  released: 'Released',
  voided: 'Voided',
};

const reasonsText = (review: AdminReviewDto): string =>
  review.reasons.map((kind) => SIGNAL_LABELS[kind] ?? kind).join(', ') || '—';

/**
 * Rounds whose payout is held for a fair-play review (decision 1802): the queue, and one round beside both seats'
 * signals, its replay and seed check, to release (pay as played) or void (refund both) with a note the players read.
 */
export function ReviewQueue({ initialOpenId = null }: { initialOpenId?: string | null }) {
  const [showDecided, setShowDecided] = useState(false);
  const [openId, setOpenId] = useState<string | null>(initialOpenId);
  const { data, isLoading, isError } = useGetReviewsQuery(showDecided ? 'all' : 'held');
  return (
    <div className="admin-section">
      <label className="admin-filter">
        <input type="checkbox" checked={showDecided} onChange={(event) => setShowDecided(event.target.checked)} />
        <span>Show decided reviews too</span>
      </label>
      {isLoading && <p className="muted">Loading the reviews...</p>}
      {isError && <p className="field-error">The reviews could not be loaded.</p>}
      {data && data.length === 0 && <p className="card muted">No payout is held for review.</p>}
      {data && data.length > 0 && (
        <div className="card admin-section">
          <table className="admin-table" data-testid="admin-reviews">
            <thead>
              <tr>
                <th scope="col">Held since</th>
                <th scope="col">Game</th>
                <th scope="col">Bet</th>
                <th scope="col">Held player</th>
                <th scope="col">Opponent</th>
                <th scope="col">Signal score</th>
                <th scope="col">Why held</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((review) => (
                <tr key={review.match_id} data-testid="admin-review-row" data-status={review.status}>
                  <td>{when(review.created_at)}</td>
                  <td>
                    {review.game_id} · #{review.round}
                  </td>
                  <td>{formatDollars(review.bet)}</td>
                  <td>
                    <Link to={`/admin/users/${review.held_user_id}`}>{review.held_username}</Link>
                  </td>
                  <td>
                    <Link to={`/admin/users/${review.opponent_id}`}>{review.opponent_username}</Link>
                  </td>
                  <td>{review.score}</td>
                  <td>{reasonsText(review)}</td>
                  <td>
                    {STATUS_LABELS[review.status]}
                    <PendingApproval pending={review.pending_approval} />
                  </td>
                  <td>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-label={`Open the review of ${review.held_username}`}
                      onClick={() => setOpenId(review.match_id)}
                    >
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {openId && <ReviewDetail matchId={openId} />}
    </div>
  );
}

function ReviewDetail({ matchId }: { matchId: string }) {
  const { data: review, isLoading, isError } = useGetReviewQuery(matchId);
  const replay = useGetMatchDetailsQuery(
    { roomId: review?.room_id ?? '', round: review?.round ?? 0 },
    { skip: !review },
  );
  const [decide, decideState] = useDecideReviewMutation();
  if (isLoading) return <p className="muted">Loading the review...</p>;
  if (isError || !review) return <p className="field-error">This review could not be loaded.</p>;
  // signals.seats is [player1, player2]; the server says which seat is held (a voided round's outcome no longer does).
  const heldSeat = review.held_seat;
  const seatNames =
    heldSeat === 0
      ? [review.held_username, review.opponent_username]
      : [review.opponent_username, review.held_username];
  const replayUrl = `${API_BASE_PATH}/rooms/${encodeURIComponent(review.room_id)}/rounds/${review.round}`;

  return (
    <section className="card admin-section admin-review" data-testid="admin-review" aria-label="Fair-play review">
      <h2>
        {review.game_id} · {review.room_id} #{review.round}
      </h2>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd data-testid="admin-review-status">{STATUS_LABELS[review.status]}</dd>
        <dt>Held player</dt>
        <dd>
          <Link to={`/admin/users/${review.held_user_id}`}>{review.held_username}</Link> (signal score {review.score})
        </dd>
        <dt>Opponent</dt>
        <dd>
          <Link to={`/admin/users/${review.opponent_id}`}>{review.opponent_username}</Link>
        </dd>
        <dt>Stakes in escrow</dt>
        <dd>
          {formatDollars(review.bet)} each ({formatDollars(review.bet * 2)} pot)
        </dd>
        <dt>Why held</dt>
        <dd>{reasonsText(review)}</dd>
        <dt>Held since</dt>
        <dd>{when(review.created_at)}</dd>
        {review.decided_at && (
          <>
            <dt>Decided</dt>
            <dd data-testid="admin-review-decision">
              {when(review.decided_at)}: “{review.decision_note ?? ''}”
            </dd>
          </>
        )}
      </dl>
      <div className="admin-review-grid">
        {([0, 1] as const).map((seat) => (
          <div key={seat} data-testid={`admin-review-seat-${seat}`}>
            <h3>
              {seatNames[seat]}
              {seat === heldSeat ? ' (held)' : ''}
              <span className="muted"> · score {review.signals?.seats[seat].score ?? 0}</span>
            </h3>
            <SignalList signals={review.signals?.seats[seat].signals ?? []} />
          </div>
        ))}
      </div>
      <div>
        <h3>Replay and seed check</h3>
        <p>
          <a href={replayUrl} target="_blank" rel="noreferrer" data-testid="admin-review-replay">
            Open the round’s public replay (seed and input log)
          </a>
        </p>
        <RoundReplayCheck replay={replay.data} />
      </div>
      <PendingApproval pending={review.pending_approval} />
      {review.status !== 'held' && <p className="muted">This review is decided; nothing more can be done here.</p>}
      {/* Stays mounted once decided, so a refusal (409: decided meanwhile) remains on screen. */}
      <ReasonedActions<FairPlayReviewDecision>
        label="Decision note"
        placeholder="Decision note (shown to both players)"
        inputTestId="admin-review-note"
        required
        busy={decideState.isLoading}
        actions={[
          {
            value: 'release',
            label: 'Release the payout',
            variant: 'primary',
            testId: 'admin-review-release',
            disabled: review.status !== 'held',
          },
          {
            value: 'void',
            label: 'Void: refund both',
            variant: 'danger',
            testId: 'admin-review-void',
            disabled: review.status !== 'held',
          },
        ]}
        onAct={(decision, note) => decide({ matchId, decision, note }).unwrap()}
      />
    </section>
  );
}
