import { ADMIN_MESSAGES, type PendingApprovalDto } from '@skillduel/contracts';
import { formatDollars } from '../../app/format';
import { when } from './adminFormat';

/**
 * A four-eyes proposal on a queue item (decision 2310): nothing has moved yet; another staff member must make the
 * same decision to confirm it (the proposer cannot, and is told so if they try).
 */
export function PendingApproval({ pending }: { pending: PendingApprovalDto | null }) {
  if (!pending) return null;
  return (
    <p className="admin-pending-approval" data-testid="admin-pending-approval" role="status">
      <strong>{ADMIN_MESSAGES.awaitingSecondApprovalLabel}.</strong> {pending.proposed_by_username} proposed “
      {pending.decision}” ({formatDollars(pending.amount)}) on {when(pending.proposed_at)}: “{pending.note}”
    </p>
  );
}
