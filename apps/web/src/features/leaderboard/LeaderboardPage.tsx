import {
  LEADERBOARD_PERIODS,
  LEADERBOARD_REGIONS,
  type LeaderboardEntry,
  type LeaderboardHighlights,
  type LeaderboardMe,
  type LeaderboardPeriod,
} from '@skillduel/contracts';
import { Flame, Gem, Zap } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { browser } from '../../app/browser';
import { formatDollars } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { SIGN_UP_MODE } from '../../app/RouteGuards';
import { toast } from '../../app/toast';
import { PageHeader } from '../../app/ui/PageHeader';
import { Spinner } from '../../app/ui/Spinner';
import { selectCurrentUser, selectIsGuest } from '../session/sessionSlice';
import { flagFor } from './flags';
import { useGetLeaderboardQuery } from './leaderboardApi';
import './leaderboard.css';

type Region = (typeof LEADERBOARD_REGIONS)[number];
const LOAD_ERROR_TOAST_ID = 'failed-to-load-leaderboard';
const MEDALS: Record<number, string> = { 1: '🥇', 2: '🥈', 3: '🥉' };

/** The leaderboard, with the Time Period and Region filters sent to the API (docs/product/leaderboard.md). */
export function LeaderboardPage() {
  const { t } = useTranslation();
  const isGuest = useAppSelector(selectIsGuest);
  const [period, setPeriod] = useState<LeaderboardPeriod>('all');
  const [region, setRegion] = useState<Region>('global');

  return (
    <section className="page leaderboard">
      <PageHeader title={t('leaderboard.title')}>
        <p className="muted">{t('leaderboard.subtitle')}</p>
      </PageHeader>
      {isGuest ? (
        <div className="banner" data-testid="leaderboard-guest-banner">
          <p>{t('leaderboard.guestBanner')}</p>
          <Link to={`/?mode=${SIGN_UP_MODE}`} className="button button-primary">
            {t('leaderboard.signUpNow')}
          </Link>
        </div>
      ) : (
        <>
          <div className="leaderboard-filters">
            <FilterGroup label={t('leaderboard.periodLabel')}>
              {LEADERBOARD_PERIODS.map((choice) => (
                <FilterButton key={choice} pressed={period === choice} onClick={() => setPeriod(choice)}>
                  {t(`leaderboard.periods.${choice}`)}
                </FilterButton>
              ))}
            </FilterGroup>
            <FilterGroup label={t('leaderboard.regionLabel')}>
              {LEADERBOARD_REGIONS.map((choice) => (
                <FilterButton key={choice} pressed={region === choice} onClick={() => setRegion(choice)}>
                  {t(`leaderboard.regions.${choice}`)}
                </FilterButton>
              ))}
            </FilterGroup>
          </div>
          <Rankings period={period} region={region} />
        </>
      )}
    </section>
  );
}

function FilterGroup({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="leaderboard-filter" role="group" aria-label={label}>
      <span className="leaderboard-filter-label">{label}</span>
      <div className="chips">{children}</div>
    </div>
  );
}

function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="chip" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

/** Loaded only for signed-in users (the page renders it only then). */
function Rankings({ period, region }: { period: LeaderboardPeriod; region: Region }) {
  const { t } = useTranslation();
  const currentUser = useAppSelector(selectCurrentUser);
  const { data, isFetching, isError } = useGetLeaderboardQuery({ period, region });

  useEffect(() => {
    if (isError) toast.error(t('toast.failedToLoadLeaderboard'), LOAD_ERROR_TOAST_ID);
  }, [isError, t]);

  if (isFetching && !data) return <Spinner label={t('leaderboard.loading')} className="page-spinner" />;
  if (isError || !data) {
    return (
      <div className="card empty-state" role="alert">
        <p>{t('leaderboard.loadError')}</p>
        <button type="button" className="button button-primary" onClick={() => browser.reload()}>
          {t('leaderboard.retry')}
        </button>
      </div>
    );
  }
  const myId = data.me.id || currentUser?.id;
  return (
    <div className={isFetching ? 'leaderboard-body is-refreshing' : 'leaderboard-body'} aria-busy={isFetching}>
      <YourRanking me={data.me} />
      <div className="card leaderboard-list">
        <h2>{t('leaderboard.topPlayers')}</h2>
        {data.leaderboard.length === 0 ? (
          <div className="empty-state" data-testid="leaderboard-empty">
            <h3>{t('leaderboard.emptyTitle')}</h3>
            <p className="muted">{t('leaderboard.emptyText')}</p>
          </div>
        ) : (
          <>
            <div className="leaderboard-row leaderboard-head" aria-hidden="true" data-testid="leaderboard-head">
              <span>{t('leaderboard.columns.rank')}</span>
              <span />
              <span>{t('leaderboard.columns.player')}</span>
              <span>{t('leaderboard.columns.country')}</span>
              <span>{t('leaderboard.columns.level')}</span>
              <span>{t('leaderboard.columns.earnings')}</span>
              <span>{t('leaderboard.columns.wins')}</span>
            </div>
            <ol className="leaderboard-rows">
              {data.leaderboard.map((entry, index) => (
                <PlayerRow key={entry.id} entry={entry} position={index + 1} isMe={entry.id === myId} />
              ))}
            </ol>
          </>
        )}
      </div>
      <InfoCards highlights={data.highlights} />
    </div>
  );
}

function YourRanking({ me }: { me: LeaderboardMe }) {
  const { t } = useTranslation();
  return (
    <div className="card leaderboard-me" data-testid="your-ranking">
      <h2>{t('leaderboard.yourRanking')}</h2>
      <div className="leaderboard-me-body">
        <span className="leaderboard-place" data-testid="your-rank">
          {me.rank === null ? t('leaderboard.unranked') : t('leaderboard.rankValue', { rank: me.rank })}
        </span>
        <Initial username={me.username} />
        <span className="leaderboard-name">{me.username}</span>
        <span className="muted">{t('leaderboard.level', { level: me.level || 1 })}</span>
        <span className="leaderboard-earnings">{formatDollars(me.total_earnings || 0)}</span>
        <span className="muted leaderboard-wins">{t('leaderboard.wins', { count: me.total_wins || 0 })}</span>
      </div>
    </div>
  );
}

/**
 * One player. Medals go by position in the list (gold, silver, bronze: one each); the number is the
 * competition rank the server computed, so tied players share it ("1, 1, 3").
 */
function PlayerRow({ entry, position, isMe }: { entry: LeaderboardEntry; position: number; isMe: boolean }) {
  const { t } = useTranslation();
  const medal = MEDALS[position];
  const tied = entry.rank !== position;
  return (
    <li
      className={isMe ? 'leaderboard-row is-me' : 'leaderboard-row'}
      data-testid="leaderboard-row"
      aria-current={isMe ? 'true' : undefined}
    >
      <span className="leaderboard-place">
        {medal && (
          <span role="img" aria-label={t(`leaderboard.medals.${position as 1 | 2 | 3}`)}>
            {medal}
          </span>
        )}
        {medal && !tied ? null : (
          <span className="leaderboard-rank" data-testid="leaderboard-rank">
            {tied ? <span className="visually-hidden">{t('leaderboard.tiedRank', { rank: entry.rank })}</span> : null}
            <span aria-hidden={tied ? 'true' : undefined}>{`#${entry.rank}`}</span>
          </span>
        )}
      </span>
      <Initial username={entry.username} />
      <span className="leaderboard-name">
        {entry.username}
        {isMe && <span className="badge">{t('leaderboard.you')}</span>}
      </span>
      <span
        className="leaderboard-flag"
        role="img"
        aria-label={entry.country ? t('leaderboard.country', { country: entry.country }) : t('leaderboard.noCountry')}
      >
        {flagFor(entry.country)}
      </span>
      <span className="muted">{t('leaderboard.level', { level: entry.level || 1 })}</span>
      <span className="leaderboard-earnings">{formatDollars(entry.total_earnings)}</span>
      <span className="muted leaderboard-wins">{t('leaderboard.wins', { count: entry.total_wins })}</span>
    </li>
  );
}

function Initial({ username }: { username: string }) {
  return (
    <span className="avatar" aria-hidden="true">
      {username.charAt(0).toUpperCase()}
    </span>
  );
}

function InfoCards({ highlights }: { highlights: LeaderboardHighlights }) {
  const { t } = useTranslation();
  const cards = [
    {
      id: 'hot-streak',
      icon: Flame,
      title: t('leaderboard.cards.hotStreak'),
      text: t('leaderboard.cards.hotStreakText'),
      holder: highlights.hot_streak,
      detail: highlights.hot_streak && t('leaderboard.cards.hotStreakHolder', { count: highlights.hot_streak.streak }),
    },
    {
      id: 'high-roller',
      icon: Gem,
      title: t('leaderboard.cards.highRoller'),
      text: t('leaderboard.cards.highRollerText'),
      holder: highlights.high_roller,
      detail:
        highlights.high_roller &&
        t('leaderboard.cards.highRollerHolder', { amount: formatDollars(highlights.high_roller.bet) }),
    },
    {
      id: 'speed-demon',
      icon: Zap,
      title: t('leaderboard.cards.speedDemon'),
      text: t('leaderboard.cards.speedDemonText'),
      holder: highlights.speed_demon,
      detail:
        highlights.speed_demon &&
        t('leaderboard.cards.speedDemonHolder', { seconds: (highlights.speed_demon.duration_ms / 1000).toFixed(1) }),
    },
  ];
  return (
    <div className="leaderboard-cards">
      {cards.map(({ id, icon: Icon, title, text, holder, detail }) => (
        <div key={id} className="card leaderboard-info" data-testid={`info-${id}`}>
          <Icon aria-hidden="true" size={22} />
          <h3>{title}</h3>
          <p className="muted">{text}</p>
          <p className="leaderboard-holder">
            {holder ? `${holder.username} · ${detail ?? ''}` : t('leaderboard.cards.noHolder')}
          </p>
        </div>
      ))}
    </div>
  );
}
