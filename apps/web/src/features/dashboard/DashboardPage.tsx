import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { PageHeader } from '../../app/ui/PageHeader';
import { useSession } from '../session/hooks';

/** Dashboard shell: greeting and the guest sign-up banner (SPEC §2); rooms and stats arrive with rooms work. */
export function DashboardPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (session.kind === 'anonymous') return null;
  return (
    <section className="page">
      <PageHeader title={t('dashboard.title')}>
        <p className="muted">{t('dashboard.greeting', { username: session.user.username })}</p>
      </PageHeader>
      {session.kind === 'guest' && (
        <div className="banner" data-testid="guest-banner">
          <p>{t('dashboard.guestBanner')}</p>
          <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
            {t('dashboard.signUpNow')}
          </Link>
        </div>
      )}
      <div className="card empty-state">
        <p className="muted">{t('dashboard.empty')}</p>
      </div>
    </section>
  );
}
