import type { TransactionDto } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../app/dates';
import { formatDollars } from '../../../app/format';
import { directionOf } from '../money';

/** Status colours: completed green, pending yellow, failed red (colours in wallet.css). */
function StatusBadge({ status }: { status: TransactionDto['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`status-badge status-${status}`} data-testid="transaction-status" data-status={status}>
      {t(`wallet.statuses.${status}`)}
    </span>
  );
}

function TransactionRow({ transaction }: { transaction: TransactionDto }) {
  const { t, i18n } = useTranslation();
  const direction = directionOf(transaction.type);
  const sign = direction === 'credit' ? '+' : '\u2212';
  const dateText = formatDateTime(transaction.created_at, i18n.language) || transaction.created_at;

  return (
    <li
      className="tx-row"
      data-testid="transaction-row"
      data-transaction-id={transaction.id}
      data-type={transaction.type}
      data-status={transaction.status}
    >
      <div className="tx-main">
        <span className="tx-type">{t(`wallet.types.${transaction.type}`)}</span>
        <span className="tx-meta muted small">
          <time dateTime={transaction.created_at}>{dateText}</time>
          {transaction.payment_method && (
            <>
              <span aria-hidden="true"> · </span>
              <span className="visually-hidden">, {t('wallet.history.method')}: </span>
              <span data-testid="transaction-method">{t(`wallet.methods.${transaction.payment_method}`)}</span>
            </>
          )}
        </span>
      </div>
      <div className="tx-side">
        <span className={`tx-amount tx-${direction}`} data-testid="transaction-amount" data-direction={direction}>
          {sign}
          {formatDollars(transaction.amount)}
        </span>
        <StatusBadge status={transaction.status} />
      </div>
    </li>
  );
}

/** Transactions newest first: type, date, method, signed amount, status badge. */
export function TransactionList({ transactions, label }: { transactions: readonly TransactionDto[]; label: string }) {
  return (
    <ul className="tx-list" aria-label={label}>
      {transactions.map((transaction) => (
        <TransactionRow key={transaction.id} transaction={transaction} />
      ))}
    </ul>
  );
}
