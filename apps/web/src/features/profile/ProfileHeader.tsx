import { formatDate } from '../../app/dates';
import type { User } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { countryName } from './countries';
import { rankName } from '../../app/rankName';

/** Profile header: avatar, username, email, level, rank, country, member since, XP progress bar. */
export function ProfileHeader({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const xpToNext = Math.max(1, user.xpToNext);
  const xp = Math.min(Math.max(0, user.xp), xpToNext);
  const memberSince = formatDate(user.joinDate, i18n.language) || '—';

  return (
    <header className="card profile-header" data-testid="profile-header">
      <div className="profile-identity">
        <span className="avatar avatar-large" aria-hidden="true">
          {user.username.charAt(0).toUpperCase()}
        </span>
        <div className="profile-identity-text">
          <h2 className="profile-username" data-testid="profile-username">
            {user.username}
          </h2>
          <p className="muted profile-email">{user.email ?? t('profile.header.noEmail')}</p>
          <p className="profile-badges">
            <span className="badge" data-testid="profile-level">
              {t('profile.header.levelValue', { level: user.level })}
            </span>
            <span className="badge badge-rank" data-testid="profile-rank">
              <span className="visually-hidden">{t('profile.rank')}: </span>
              {rankName(t, user.rank)}
            </span>
          </p>
        </div>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{t('profile.header.country')}</dt>
          <dd data-testid="profile-country">{countryName(t, user.country) ?? t('profile.header.countryNotSet')}</dd>
        </div>
        <div>
          <dt>{t('profile.header.memberSince')}</dt>
          <dd data-testid="profile-member-since">{memberSince}</dd>
        </div>
      </dl>
      <div className="profile-xp">
        <div className="profile-xp-labels">
          <span id={`xp-label-${user.id}`}>{t('profile.header.xpLabel')}</span>
          <span data-testid="profile-xp">{t('profile.header.xpValue', { xp: user.xp, xpToNext: user.xpToNext })}</span>
        </div>
        <div
          className="xp-bar"
          role="progressbar"
          aria-labelledby={`xp-label-${user.id}`}
          aria-valuemin={0}
          aria-valuemax={xpToNext}
          aria-valuenow={xp}
          aria-valuetext={t('profile.header.xpValue', { xp: user.xp, xpToNext: user.xpToNext })}
        >
          <div className="xp-bar-fill" style={{ width: `${(xp / xpToNext) * 100}%` }} />
        </div>
      </div>
    </header>
  );
}
