import { GAME_IDS } from '@skillduel/contracts';
import { DollarSign, Gamepad2, ShieldCheck, Trophy, Zap, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { Brand } from '../../app/ui/Brand';
import { AuthPanel } from '../auth/AuthPanel';
import { useGameText } from '../games/gameText';
import { LanguageSwitch } from '../language/LanguageSwitch';
import { useSession, useStartGuestSession } from '../session/hooks';
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

/** Landing and login page (docs/product/app-and-api.md#landing-page). */
export function LandingPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const initialMode = searchParams.get('mode') === SIGN_UP_MODE ? 'signup' : 'signin';
  const session = useSession();
  const startGuest = useStartGuestSession();
  const { gameName } = useGameText();

  return (
    <div className="landing">
      <a className="skip-link" href="#main-content">
        {t('common.skipToContent')}
      </a>
      <header className="landing-header">
        <Brand to="/" />
        <div className="top-bar-actions">
          <ThemeToggle />
          <LanguageSwitch />
        </div>
      </header>
      <main id="main-content" className="landing-main" tabIndex={-1}>
        {/* Intro, then sign-in, then the details: on a phone the sign-in card is on the first screen. */}
        <div className="landing-grid">
          <section className="hero hero-intro" aria-labelledby="hero-title">
            <h1 id="hero-title">{t('landing.heroTitle')}</h1>
            <p className="hero-subtitle">{t('landing.heroSubtitle')}</p>
          </section>
          <AuthPanel key={initialMode} initialMode={initialMode} />
          <div className="hero hero-details">
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
          </div>
        </div>

        <section className="featured-games" aria-labelledby="featured-games-title">
          <h2 id="featured-games-title">{t('landing.featuredGames')}</h2>
          <ul className="featured-games-list">
            {/* Every game of the catalogue, by the name the games page uses. */}
            {GAME_IDS.map((gameId) => {
              const practice = `/game/${gameId}`;
              // A visitor practises as a guest; someone already in (a remembered guest) goes straight there.
              return (
                <li key={gameId} data-testid="featured-game">
                  <Link
                    to={practice}
                    className="card featured-game"
                    onClick={(event) => {
                      if (session.kind !== 'anonymous') return;
                      event.preventDefault();
                      startGuest(practice);
                    }}
                  >
                    <Gamepad2 aria-hidden="true" size={22} className="feature-icon" />
                    <span>{gameName(gameId, gameId)}</span>
                    <span className="visually-hidden"> — {t('landing.practiceGame')}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      </main>
    </div>
  );
}
