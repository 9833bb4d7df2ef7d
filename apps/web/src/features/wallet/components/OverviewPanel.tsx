import { LIMITS } from '@skillduel/contracts';
import { ArrowDownToLine, ArrowUpFromLine } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../app/ui/Spinner';
import { usePendingWatch } from '../usePendingWatch';
import { OVERVIEW_TRANSACTIONS_LIMIT, useGetRecentTransactionsQuery } from '../walletApi';
import { BalanceChart } from './BalanceChart';
import { LoadError } from './HistoryPanel';
import { TransactionList } from './TransactionList';

export interface OverviewPanelProps {
  /** Why Withdraw is disabled (not allowed, or a balance under $10), or null when it is enabled. */
  withdrawBlockedReason: string | null;
  onDeposit: () => void;
  onWithdraw: () => void;
  onViewAll: () => void;
}

/** The Overview tab: quick actions, the five most recent transactions and the balance chart. */
export function OverviewPanel({ withdrawBlockedReason, onDeposit, onWithdraw, onViewAll }: OverviewPanelProps) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [pollingInterval, setPollingInterval] = useState(0);
  const { data, isLoading, error, refetch } = useGetRecentTransactionsQuery(OVERVIEW_TRANSACTIONS_LIMIT, {
    pollingInterval,
    refetchOnMountOrArgChange: true,
  });
  const recent = useMemo(() => data?.slice(0, LIMITS.recentTransactionsShown), [data]);
  usePendingWatch(recent, setPollingInterval);

  return (
    <div className="wallet-overview">
      <section className="card wallet-section" aria-labelledby="wallet-quick-actions">
        <h2 id="wallet-quick-actions" className="wallet-section-title">
          {t('wallet.overview.quickActions')}
        </h2>
        <div className="wallet-quick-actions">
          <button type="button" className="button button-primary" onClick={onDeposit} data-testid="quick-deposit">
            <ArrowDownToLine aria-hidden="true" size={18} />
            {t('wallet.overview.deposit')}
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={onWithdraw}
            disabled={withdrawBlockedReason !== null}
            aria-describedby={withdrawBlockedReason ? reasonId : undefined}
            data-testid="quick-withdraw"
          >
            <ArrowUpFromLine aria-hidden="true" size={18} />
            {t('wallet.overview.withdraw')}
          </button>
        </div>
        {withdrawBlockedReason && (
          <p id={reasonId} className="muted small" data-testid="withdraw-blocked-reason">
            {withdrawBlockedReason}
          </p>
        )}
      </section>

      <section className="card wallet-section" aria-labelledby="wallet-recent-title" data-testid="recent-transactions">
        <div className="wallet-section-head">
          <h2 id="wallet-recent-title" className="wallet-section-title">
            {t('wallet.overview.recent')}
          </h2>
          {recent && recent.length > 0 && (
            <button type="button" className="button button-ghost wallet-view-all" onClick={onViewAll}>
              {t('wallet.overview.viewAll')}
            </button>
          )}
        </div>
        {isLoading ? (
          <Spinner label={t('wallet.history.loading')} />
        ) : !recent ? (
          <LoadError message={t('wallet.history.loadError')} error={error} onRetry={() => void refetch()} />
        ) : recent.length === 0 ? (
          <p className="muted" data-testid="transactions-empty">
            {t('wallet.noTransactions')}
          </p>
        ) : (
          <>
            {pollingInterval > 0 && <p className="muted small">{t('wallet.history.pendingNote')}</p>}
            <TransactionList transactions={recent} label={t('wallet.overview.recent')} />
          </>
        )}
      </section>

      {data && data.length > 0 && <BalanceChart transactions={data} />}
    </div>
  );
}
