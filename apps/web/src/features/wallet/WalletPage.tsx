import { useTranslation } from 'react-i18next';
import { formatDollars } from '../../app/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { useCurrentUser } from '../session/hooks';

/** Wallet shell: the balance the session holds and an empty history; money flows arrive with wallet work. */
export function WalletPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <section className="page">
      <PageHeader title={t('wallet.title')} />
      <div className="card wallet-balance">
        <p className="muted">{t('wallet.balance')}</p>
        <p className="wallet-balance-amount">{formatDollars(user.current_balance ?? user.balance ?? 0)}</p>
      </div>
      <div className="card empty-state">
        <p className="muted">{t('wallet.noTransactions')}</p>
      </div>
    </section>
  );
}
