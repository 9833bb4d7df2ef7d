import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../../app/RouteGuards';

/** Guests see this in every game room: practice is free, Sign Up unlocks money. */
export function PracticeBanner() {
  const { t } = useTranslation();
  return (
    <div className="banner gr-banner" data-testid="practice-banner">
      <p>
        <strong>{t('gameRoom.banner.title')}</strong> {t('gameRoom.banner.text')}
      </p>
      <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
        {t('gameRoom.banner.signUp')}
      </Link>
    </div>
  );
}
