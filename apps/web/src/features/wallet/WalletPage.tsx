import { LIMITS, type User } from '@skillduel/contracts';
import { Lock } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { PageHeader } from '../../app/ui/PageHeader';
import { useAppDispatch } from '../../app/hooks';
import { useMoneyPlayBlock } from '../responsible-gaming/moneyPlayBlock';
import { applyCurrentUser, currentUserApi } from '../session/currentUserApi';
import { useSession } from '../session/hooks';
import { HistoryPanel } from './components/HistoryPanel';
import { MoneyMoveForm } from './components/MoneyMoveForm';
import { OverviewPanel } from './components/OverviewPanel';
import { WalletTabs, type TabItem } from './components/WalletTabs';
import { balanceCentsOf, statsOf } from './money';
import './wallet.css';

const WALLET_TABS = ['overview', 'deposit', 'withdraw', 'history'] as const;
type WalletTab = (typeof WALLET_TABS)[number];

function isWalletTab(value: string | null): value is WalletTab {
  return value !== null && (WALLET_TABS as readonly string[]).includes(value);
}

/** Guests have no wallet. Nothing is loaded for them. */
function GuestWall() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <PageHeader title={t('wallet.title')} />
      <div className="card empty-state wallet-guest-wall" data-testid="wallet-guest-wall">
        <Lock aria-hidden="true" size={36} className="wallet-guest-icon" />
        <h2 className="wallet-section-title">{t('wallet.guest.title')}</h2>
        <p>{t('wallet.guest.deposit')}</p>
        <p>{t('wallet.guest.withdraw')}</p>
        <p className="muted">{t('wallet.guest.text')}</p>
        <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
          {t('wallet.guest.signUp')}
        </Link>
      </div>
    </section>
  );
}

function WalletStats({ user }: { user: User }) {
  const { t } = useTranslation();
  const stats = statsOf(user);
  const items = [
    { key: 'balance', label: t('wallet.stats.balance'), dollars: balanceCentsOf(user) / 100, testId: 'wallet-balance' },
    {
      key: 'earnings',
      label: t('wallet.stats.totalEarnings'),
      dollars: stats.total_earnings,
      testId: 'total-earnings',
    },
    {
      key: 'deposited',
      label: t('wallet.stats.totalDeposited'),
      dollars: stats.total_deposited,
      testId: 'total-deposited',
    },
    {
      key: 'withdrawn',
      label: t('wallet.stats.totalWithdrawn'),
      dollars: stats.total_withdrawn,
      testId: 'total-withdrawn',
    },
  ];
  return (
    <dl className="wallet-stats" aria-label={t('wallet.stats.label')}>
      {items.map((item) => (
        <div key={item.key} className={`card wallet-stat wallet-stat-${item.key}`}>
          <dt className="muted">{item.label}</dt>
          <dd data-testid={item.testId}>{formatDollars(item.dollars)}</dd>
        </div>
      ))}
    </dl>
  );
}

function SignedInWallet({ sessionUser }: { sessionUser: User }) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const dispatch = useAppDispatch();
  const paused = useMoneyPlayBlock();
  // Money figures must be fresh: GET /users/me/ on every visit, and again after each money move (tag invalidation).
  const { data: freshUser } = currentUserApi.endpoints.getCurrentUser.useQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  useEffect(() => {
    if (freshUser) dispatch(applyCurrentUser(freshUser));
  }, [dispatch, freshUser]);
  // Until it answers, the session's copy of the user is shown (the top bar shows the same).
  const user = freshUser ?? sessionUser;
  const balanceCents = balanceCentsOf(user);

  const requested = searchParams.get('tab');
  const tab: WalletTab = isWalletTab(requested) ? requested : 'overview';
  const selectTab = (next: WalletTab) =>
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'overview') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );

  const withdrawBlockedReason = !user.canWithdraw
    ? t('wallet.serverMessages.withdrawalNotAllowed')
    : balanceCents < LIMITS.withdrawalMinCents
      ? t('wallet.overview.withdrawNeedsBalance')
      : null;

  const tabs: TabItem<WalletTab>[] = WALLET_TABS.map((id) => ({ id, label: t(`wallet.tabs.${id}`) }));

  return (
    <section className="page wallet-page" data-testid="wallet-page">
      <PageHeader title={t('wallet.title')}>
        <p className="muted">{t('wallet.subtitle')}</p>
      </PageHeader>
      <WalletStats user={user} />
      <WalletTabs idPrefix={idPrefix} label={t('wallet.tabs.label')} tabs={tabs} selected={tab} onSelect={selectTab}>
        {tab === 'overview' && (
          <OverviewPanel
            withdrawBlockedReason={withdrawBlockedReason}
            onDeposit={() => selectTab('deposit')}
            onWithdraw={() => selectTab('withdraw')}
            onViewAll={() => selectTab('history')}
          />
        )}
        {tab === 'deposit' && (
          <MoneyMoveForm
            key="deposit"
            kind="deposit"
            balanceCents={balanceCents}
            isGuest={user.isGuest}
            blockedReason={paused?.reason ?? (user.canDeposit ? null : t('wallet.serverMessages.depositNotAllowed'))}
          />
        )}
        {tab === 'withdraw' && (
          <MoneyMoveForm
            key="withdraw"
            kind="withdrawal"
            balanceCents={balanceCents}
            isGuest={user.isGuest}
            blockedReason={
              paused?.withdrawalsPaused
                ? paused.reason
                : user.canWithdraw
                  ? null
                  : t('wallet.serverMessages.withdrawalNotAllowed')
            }
          />
        )}
        {tab === 'history' && <HistoryPanel />}
      </WalletTabs>
    </section>
  );
}

/**
 * The wallet (docs/product/wallet.md#wallet-page): balance and totals, then Overview, Deposit, Withdraw and History
 * tabs.
 */
export function WalletPage() {
  const session = useSession();
  if (session.kind === 'anonymous') return null;
  if (session.kind === 'guest' || session.user.isGuest) return <GuestWall />;
  return <SignedInWallet sessionUser={session.user} />;
}
