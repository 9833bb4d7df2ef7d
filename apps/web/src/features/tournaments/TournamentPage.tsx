import type { TournamentAttemptDto, TournamentDto } from '@skillduel/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { errorText } from '../../app/errorText';
import { formatDollars } from '../../app/format';
import { useAppSelector } from '../../app/hooks';
import { toast } from '../../app/toast';
import { PageHeader } from '../../app/ui/PageHeader';
import { Spinner } from '../../app/ui/Spinner';
import { useGetGamesQuery } from '../games/gamesApi';
import { selectIsGuest } from '../session/sessionSlice';
import { AttemptPlayer } from './AttemptPlayer';
import { formatDateTime } from '../../app/dates';
import { useGameText } from '../games/gameText';
import { prizeLabels } from './format';
import { JoinConfirm } from './JoinConfirm';
import { StandingsTable } from './StandingsTable';
import {
  useEnterTournamentMutation,
  useGetTournamentQuery,
  useLeaveTournamentMutation,
  useStartAttemptMutation,
} from './tournamentsApi';
import { useStandingsPush } from './useStandingsPush';
import './tournaments.css';

/**
 * One tournament (docs/product/tournaments.md#players): its rules and prize table before paying, the players,
 * standings (live while it runs), the caller's entries, Join with a confirmation, Leave before the start, and Play.
 */
export function TournamentPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data: tournament, isLoading, isError, error, refetch } = useGetTournamentQuery(id);
  useStandingsPush(id, tournament?.status === 'running');
  if (isLoading) return <Spinner label={t('tournaments.loading')} className="page-spinner" />;
  if (isError || !tournament) {
    const missing = typeof error === 'object' && error !== null && 'status' in error && error.status === 404;
    return (
      <section className="page tournaments">
        <div className="card empty-state" role="alert">
          <p>{missing ? t('tournaments.notFound') : t('tournaments.loadError')}</p>
          {!missing && (
            <button type="button" className="button button-secondary" onClick={() => void refetch()}>
              {t('tournaments.retry')}
            </button>
          )}
          <Link to="/tournaments">{t('tournaments.back')}</Link>
        </div>
      </section>
    );
  }
  return <TournamentDetail tournament={tournament} />;
}

function TournamentDetail({ tournament }: { tournament: TournamentDto }) {
  const { t, i18n } = useTranslation();
  const isGuest = useAppSelector(selectIsGuest);
  const { data: games } = useGetGamesQuery();
  const gameName = useGameText().gameName(
    tournament.game_id,
    games?.find((game) => game.id === tournament.game_id)?.name ?? tournament.game_id,
  );
  const [confirming, setConfirming] = useState(false);
  const [attempt, setAttempt] = useState<TournamentAttemptDto | null>(null);
  const [enter, entering] = useEnterTournamentMutation();
  const [leave, leaving] = useLeaveTournamentMutation();
  const [startAttempt, starting] = useStartAttemptMutation();
  const mine = tournament.my_entry;
  const fee = formatDollars(tournament.entry_fee);
  const open = tournament.status === 'scheduled' && new Date(tournament.starts_at).getTime() > Date.now();
  const canJoin = !isGuest && open && (mine === null || mine.entries_left > 0);

  const join = async () => {
    try {
      await enter(tournament.id).unwrap();
      setConfirming(false);
      toast.success(t('tournaments.joined'));
    } catch (failure) {
      toast.error(errorText(t, failure, t('httpErrors.unexpected')));
    }
  };
  const withdraw = async () => {
    try {
      await leave(tournament.id).unwrap();
      toast.success(t('tournaments.left'));
    } catch (failure) {
      toast.error(errorText(t, failure, t('httpErrors.unexpected')));
    }
  };
  const play = async () => {
    try {
      setAttempt(await startAttempt(tournament.id).unwrap());
    } catch (failure) {
      toast.error(errorText(t, failure, t('httpErrors.unexpected')));
    }
  };

  return (
    <section className="page tournaments tournament-page" data-testid="tournament-page">
      <PageHeader title={tournament.name}>
        <p className="muted">
          {gameName} · {t(`tournaments.status.${tournament.status}`)} ·{' '}
          {t('tournaments.entrants', { count: tournament.entrants })}
        </p>
        <Link to="/tournaments">{t('tournaments.back')}</Link>
      </PageHeader>
      {attempt ? (
        <AttemptPlayer attempt={attempt} onClose={() => setAttempt(null)} />
      ) : (
        <div className="tournament-actions">
          {canJoin && (
            <button type="button" className="button button-primary" onClick={() => setConfirming(true)}>
              {mine && mine.active_entries > 0
                ? t('tournaments.joinMore', { amount: fee })
                : t('tournaments.join', { amount: fee })}
            </button>
          )}
          {open && mine && mine.active_entries > 0 && (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void withdraw()}
              disabled={leaving.isLoading}
            >
              {t('tournaments.leave')}
            </button>
          )}
          {tournament.status === 'running' && mine && mine.active_entries > 0 && (
            <button
              type="button"
              className="button button-primary"
              onClick={() => void play()}
              disabled={starting.isLoading}
            >
              {t('tournaments.play')}
            </button>
          )}
        </div>
      )}
      <div className="tournament-grid">
        <section className="card" aria-labelledby="rules-title">
          <h2 id="rules-title">{t('tournaments.rules.title')}</h2>
          <p>{t('tournaments.rules.arena', { game: gameName })}</p>
          <ul>
            <li>
              {t('tournaments.rules.window', {
                start: formatDateTime(tournament.starts_at, i18n.language),
                end: formatDateTime(tournament.ends_at, i18n.language),
              })}
            </li>
            <li>{t('tournaments.fee', { amount: fee })}</li>
            <li>{t('tournaments.rules.entriesPerPlayer', { count: tournament.max_entries_per_player })}</li>
            <li>{t('tournaments.rules.minEntrants', { count: tournament.min_entrants })}</li>
          </ul>
        </section>
        <section className="card" aria-labelledby="prizes-title" data-testid="prize-table">
          <h2 id="prizes-title">{t('tournaments.prizes.title')}</h2>
          <p className="muted">
            {tournament.prize_mode === 'guaranteed'
              ? t('tournaments.prizes.guaranteed')
              : t('tournaments.prizes.pooled', { rake: `${tournament.rake_bps / 100}%` })}
          </p>
          <p>{t('tournaments.pool', { amount: formatDollars(tournament.prize_pool) })}</p>
          <table className="tournament-table">
            <thead>
              <tr>
                <th scope="col">{t('tournaments.prizes.place')}</th>
                <th scope="col">{t('tournaments.prizes.prize')}</th>
              </tr>
            </thead>
            <tbody>
              {prizeLabels(tournament).map((prize, index) => (
                <tr key={index}>
                  <td>{t('tournaments.prizes.placeN', { place: index + 1 })}</td>
                  <td>{prize}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        {!isGuest && (
          <section className="card" aria-labelledby="mine-title" data-testid="my-entries">
            <h2 id="mine-title">{t('tournaments.mine.title')}</h2>
            {mine === null || mine.entries.length === 0 ? (
              <p className="muted">{t('tournaments.mine.none')}</p>
            ) : (
              <ul>
                {mine.entries.map((entry) => (
                  <li key={entry.id}>
                    {t('tournaments.mine.entry', { number: entry.entry_no })} ·{' '}
                    {t(`tournaments.mine.entryStatus.${entry.status}`)}
                  </li>
                ))}
              </ul>
            )}
            {mine && open && <p className="muted">{t('tournaments.mine.left', { count: mine.entries_left })}</p>}
          </section>
        )}
        {tournament.status !== 'scheduled' && tournament.status !== 'cancelled' && (
          <StandingsTable tournamentId={tournament.id} signedIn={!isGuest} />
        )}
      </div>
      {confirming && (
        <JoinConfirm
          tournament={tournament}
          busy={entering.isLoading}
          onConfirm={() => void join()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
