import type { TournamentDto, TournamentStatus } from '@skillduel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDollars } from '../../app/format';
import { PageHeader } from '../../app/ui/PageHeader';
import { Spinner } from '../../app/ui/Spinner';
import { useGetGamesQuery } from '../games/gamesApi';
import { formatDateTime } from '../../app/dates';
import { useGameText } from '../games/gameText';
import { useGetTournamentsQuery } from './tournamentsApi';
import './tournaments.css';

const TABS = ['running', 'scheduled', 'finished'] as const satisfies readonly TournamentStatus[];

/** Tournaments by status (upcoming, live, finished) and game (docs/product/tournaments.md#players). */
export function TournamentsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<(typeof TABS)[number]>('running');
  const [game, setGame] = useState('');
  const { data: games } = useGetGamesQuery();
  const gameText = useGameText();

  return (
    <section className="page tournaments">
      <PageHeader title={t('tournaments.title')}>
        <p className="muted">{t('tournaments.subtitle')}</p>
      </PageHeader>
      <div className="tournaments-filters">
        <div className="tournaments-tabs" role="group" aria-label={t('tournaments.statusLabel')}>
          {TABS.map((choice) => (
            <button
              key={choice}
              type="button"
              className={`button ${status === choice ? 'button-primary' : 'button-secondary'}`}
              aria-pressed={status === choice}
              onClick={() => setStatus(choice)}
            >
              {t(`tournaments.tabs.${choice}`)}
            </button>
          ))}
        </div>
        <label className="field tournaments-game">
          <span>{t('tournaments.gameLabel')}</span>
          <select className="input" value={game} onChange={(event) => setGame(event.target.value)}>
            <option value="">{t('tournaments.allGames')}</option>
            {(games ?? []).map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {gameText.gameName(candidate.id, candidate.name)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <TournamentList
        status={status}
        game={game}
        gameName={(id) => gameText.gameName(id, games?.find((g) => g.id === id)?.name ?? id)}
      />
    </section>
  );
}

function TournamentList({
  status,
  game,
  gameName,
}: {
  status: TournamentStatus;
  game: string;
  gameName: (id: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const { data, isFetching, isError, refetch } = useGetTournamentsQuery({ status, game: game || undefined });
  if (isFetching && !data) return <Spinner label={t('tournaments.loading')} className="page-spinner" />;
  if (isError) {
    return (
      <div className="card empty-state" role="alert">
        <p>{t('tournaments.loadError')}</p>
        <button type="button" className="button button-secondary" onClick={() => void refetch()}>
          {t('tournaments.retry')}
        </button>
      </div>
    );
  }
  if (!data || data.length === 0) {
    return (
      <div className="card empty-state" data-testid="tournaments-empty">
        <h2>{t('tournaments.emptyTitle')}</h2>
        <p className="muted">{t('tournaments.emptyText')}</p>
      </div>
    );
  }
  return (
    <ul className="tournaments-list" aria-busy={isFetching}>
      {data.map((tournament: TournamentDto) => (
        <li key={tournament.id} className="card tournament-card" data-testid="tournament-card">
          <h2>
            <Link to={`/tournaments/${tournament.id}`} aria-label={t('tournaments.open', { name: tournament.name })}>
              {tournament.name}
            </Link>
          </h2>
          <p className="muted">
            {gameName(tournament.game_id)} · {t(`tournaments.status.${tournament.status}`)}
          </p>
          <ul className="tournament-facts">
            <li>{t('tournaments.fee', { amount: formatDollars(tournament.entry_fee) })}</li>
            <li>{t('tournaments.pool', { amount: formatDollars(tournament.prize_pool) })}</li>
            <li>{t('tournaments.entrants', { count: tournament.entrants })}</li>
            <li>
              {tournament.status === 'scheduled'
                ? t('tournaments.startsAt', { date: formatDateTime(tournament.starts_at, i18n.language) })
                : t('tournaments.endsAt', { date: formatDateTime(tournament.ends_at, i18n.language) })}
            </li>
          </ul>
        </li>
      ))}
    </ul>
  );
}
