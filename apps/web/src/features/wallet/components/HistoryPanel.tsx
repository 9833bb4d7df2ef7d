import type { TransactionDto } from '@skillduel/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../app/errorText';
import { Spinner } from '../../../app/ui/Spinner';
import { usePendingWatch } from '../usePendingWatch';
import { useGetTransactionHistoryInfiniteQuery } from '../walletApi';
import { TransactionList } from './TransactionList';

/** A failed list load: the reason and a Retry that reloads just this list. */
export function LoadError({ message, error, onRetry }: { message: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const reason = errorText(t, error, '');
  return (
    <div className="card empty-state" role="alert" data-testid="transactions-error">
      <p>{message}</p>
      {reason && <p className="muted small">{reason}</p>}
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('wallet.history.retry')}
      </button>
    </div>
  );
}

/**
 * Pages are fetched by offset, newest first; a transaction made between two page loads shifts the offsets, so
 * rows are de-duplicated by id (a refetch reloads every page in order anyway).
 */
function flatten(pages: readonly (readonly TransactionDto[])[] | undefined): TransactionDto[] {
  const seen = new Set<string>();
  const rows: TransactionDto[] = [];
  for (const page of pages ?? []) {
    for (const row of page) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      rows.push(row);
    }
  }
  return rows;
}

/** The History tab: every transaction, a page at a time, with Load more. */
export function HistoryPanel() {
  const { t } = useTranslation();
  const [pollingInterval, setPollingInterval] = useState(0);
  const {
    data,
    isLoading,
    isError,
    error,
    refetch,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useGetTransactionHistoryInfiniteQuery(undefined, { pollingInterval, refetchOnMountOrArgChange: true });
  const rows = useMemo(() => flatten(data?.pages), [data]);
  usePendingWatch(data ? rows : undefined, setPollingInterval);

  if (isLoading || (!data && !isError)) return <Spinner label={t('wallet.history.loading')} className="page-spinner" />;
  if (!data) {
    return <LoadError message={t('wallet.history.loadError')} error={error} onRetry={() => void refetch()} />;
  }

  return (
    <section className="card wallet-section" aria-labelledby="wallet-history-title" data-testid="wallet-history">
      <h2 id="wallet-history-title" className="wallet-section-title">
        {t('wallet.history.title')}
      </h2>
      {rows.length === 0 ? (
        <p className="muted empty-state" data-testid="transactions-empty">
          {t('wallet.noTransactions')}
        </p>
      ) : (
        <>
          {pollingInterval > 0 && <p className="muted small">{t('wallet.history.pendingNote')}</p>}
          <TransactionList transactions={rows} label={t('wallet.history.listLabel')} />
          {isFetchNextPageError && (
            <p className="field-error" role="alert">
              {t('wallet.history.loadMoreError')}
            </p>
          )}
          {hasNextPage ? (
            <button
              type="button"
              className="button button-secondary button-block wallet-load-more"
              onClick={() => void fetchNextPage()}
              disabled={isFetchingNextPage}
              aria-busy={isFetchingNextPage}
            >
              {isFetchingNextPage ? t('wallet.history.loadingMore') : t('wallet.history.loadMore')}
            </button>
          ) : (
            <p className="muted small wallet-list-end">{t('wallet.history.end')}</p>
          )}
        </>
      )}
    </section>
  );
}
