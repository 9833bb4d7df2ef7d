import { LANDING_EXAMPLE_GAMES } from '@skillduel/contracts';
import { DollarSign, Gamepad2, ShieldCheck, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { Brand } from '../../app/ui/Brand';
import { AuthPanel } from '../auth/AuthPanel';
import { LanguageSwitch } from '../language/LanguageSwitch';
import { ThemeToggle } from '../theme/ThemeToggle';

type FeatureKey = 'instantMatches' | 'skillBased' | 'realMoney' | 'secure';
const FEATURES: readonly { key: FeatureKey; icon: LucideIcon }[] = [
  { key: 'instantMatches', icon: Zap },
  { key: 'skillBased', icon: Trophy },
  { key: 'realMoney', icon: DollarSign },
  { key: 'secure', icon: ShieldCheck },
];

type ClaimKey = 'activePlayers' | 'winnings' | 'gamesPlayed';
const CLAIMS: readonly ClaimKey[] = ['activePlayers', 'winnings', 'gamesPlayed'];

/** Landing and login page (SPEC §1, §2). */
export function LandingPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const initialMode = searchParams.get('mode') === SIGN_UP_MODE ? 'signup' : 'signin';

  return (
    <div className="landing">
      <header className="landing-header">
        <Brand to="/" />
        <div className="top-bar-actions">
          <ThemeToggle />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main-content" className="landing-main">
        <div className="landing-grid">
          <section className="hero" aria-labelledby="hero-title">
            <h1 id="hero-title">{t('landing.heroTitle')}</h1>
            <p className="hero-subtitle">{t('landing.heroSubtitle')}</p>
            <ul className="feature-list" aria-label={t('landing.featuresLabel')}>
              {FEATURES.map(({ key, icon: Icon }) => (
                <li key={key} className="feature">
                  <Icon aria-hidden="true" size={22} className="feature-icon" />
                  <div>
                    <h2 className="feature-title">{t(`landing.features.${key}Title`)}</h2>
                    <p className="muted">{t(`landing.features.${key}Text`)}</p>
                  </div>
                </li>
              ))}
            </ul>
            <dl className="claims" aria-label={t('landing.claimsLabel')}>
              {CLAIMS.map((claim) => (
                <div key={claim} className="claim">
                  <dt>{t(`landing.claims.${claim}`)}</dt>
                  <dd>{t(`landing.claims.${claim}Value`)}</dd>
                </div>
              ))}
            </dl>
          </section>
          <AuthPanel key={initialMode} initialMode={initialMode} />
        </div>

        <section className="featured-games" aria-labelledby="featured-games-title">
          <h2 id="featured-games-title">{t('landing.featuredGames')}</h2>
          <ul className="featured-games-list">
            {LANDING_EXAMPLE_GAMES.map((name) => (
              <li key={name} className="card featured-game" data-testid="featured-game">
                <Gamepad2 aria-hidden="true" size={22} className="feature-icon" />
                <span>{name}</span>
              </li>
            ))}
          </ul>
        </section>
      </main>
    </div>
  );
}
