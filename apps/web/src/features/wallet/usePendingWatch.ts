import type { TransactionDto } from '@skillduel/contracts';
import { useEffect, useRef } from 'react';
import { api } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { PENDING_POLL_INTERVAL_MS } from './walletApi';

/**
 * Watches a loaded list of transactions (undefined while none is loaded) and reports the polling interval its query
 * should use: PENDING_POLL_INTERVAL_MS while any shown transaction is pending, 0 (stopped) once none is. When a
 * pending transaction settles (a withdrawal completed, or failed and refunded) the user's balance and totals are
 * reloaded.
 *
 * The list's query hook needs the interval before this hook sees its data, so the caller keeps the interval in
 * state: `const [interval, setInterval] = useState(0)`, pass `interval` to the query and `setInterval` here.
 */
export function usePendingWatch(
  transactions: readonly TransactionDto[] | undefined,
  setPollingInterval: (intervalMs: number) => void,
): void {
  const dispatch = useAppDispatch();
  const pendingIds = useRef<ReadonlySet<string>>(new Set());

  useEffect(() => {
    if (!transactions) return;
    const settled = [...pendingIds.current].some((id) =>
      transactions.some((item) => item.id === id && item.status !== 'pending'),
    );
    pendingIds.current = new Set(transactions.filter((item) => item.status === 'pending').map((item) => item.id));
    setPollingInterval(pendingIds.current.size > 0 ? PENDING_POLL_INTERVAL_MS : 0);
    if (settled) dispatch(api.util.invalidateTags(['CurrentUser']));
  }, [dispatch, setPollingInterval, transactions]);
}
