import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../app/ui/Spinner';
import { useGetStandingsQuery } from './tournamentsApi';

/** The standings: the top, or the rows around the caller once they have a score (docs/product/tournaments.md#standings). */
export function StandingsTable({ tournamentId, signedIn }: { tournamentId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const [aroundMe, setAroundMe] = useState(signedIn);
  const { data, isFetching, isError, refetch } = useGetStandingsQuery({ id: tournamentId, aroundMe });
  return (
    <section className="card tournament-standings" aria-labelledby="standings-title" data-testid="standings">
      <div className="tournament-section-head">
        <h2 id="standings-title">{t('tournaments.standings.title')}</h2>
        {signedIn && (
          <div role="group" aria-label={t('tournaments.standings.title')} className="tournaments-tabs">
            {[false, true].map((choice) => (
              <button
                key={String(choice)}
                type="button"
                className={`button ${aroundMe === choice ? 'button-primary' : 'button-secondary'}`}
                aria-pressed={aroundMe === choice}
                onClick={() => setAroundMe(choice)}
              >
                {choice ? t('tournaments.standings.aroundMe') : t('tournaments.standings.top')}
              </button>
            ))}
          </div>
        )}
      </div>
      {isFetching && !data && <Spinner label={t('tournaments.loading')} />}
      {isError && (
        <div role="alert">
          <p>{t('tournaments.loadError')}</p>
          <button type="button" className="button button-secondary" onClick={() => void refetch()}>
            {t('tournaments.retry')}
          </button>
        </div>
      )}
      {data && data.rows.length === 0 && <p className="muted">{t('tournaments.standings.empty')}</p>}
      {data && data.rows.length > 0 && (
        <>
          <p className="muted">{t('tournaments.standings.ranked', { count: data.ranked })}</p>
          <table className="tournament-table">
            <thead>
              <tr>
                <th scope="col">{t('tournaments.standings.rank')}</th>
                <th scope="col">{t('tournaments.standings.player')}</th>
                <th scope="col">{t('tournaments.standings.score')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row) => (
                <tr key={row.user_id} className={row.is_me ? 'is-me' : undefined} data-testid="standing-row">
                  <td>#{row.rank}</td>
                  <td>
                    {row.username}
                    {row.is_me && <span className="badge"> {t('tournaments.standings.you')}</span>}
                  </td>
                  <td>{row.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
