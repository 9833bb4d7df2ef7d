import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../app/ui/PageHeader';
import { useCurrentUser } from '../session/hooks';

/** Profile shell showing what the session already knows; tabs and settings arrive with accounts work. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <section className="page">
      <PageHeader title={t('profile.title')} />
      <dl className="card details-list">
        <div>
          <dt>{t('profile.username')}</dt>
          <dd>{user.username}</dd>
        </div>
        <div>
          <dt>{t('profile.level')}</dt>
          <dd>{user.level}</dd>
        </div>
        <div>
          <dt>{t('profile.rank')}</dt>
          <dd>{user.rank}</dd>
        </div>
      </dl>
    </section>
  );
}
