import { formatDateTime } from '../../app/dates';
import { MATCH_HISTORY_LIMITS, type MatchHistoryItemDto } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DisputeSection } from '../disputes/DisputeSection';
import { FairnessCheck } from '../fairness/FairnessCheck';
import { RoundReview } from '../fairness/RoundReview';
import { Link } from 'react-router-dom';
import { formatDollars, payoutFigures } from '../../app/format';
import { Spinner } from '../../app/ui/Spinner';
import { useGetMatchDetailsQuery, useGetMyMatchesQuery } from './profileStatsApi';

const PAGE_SIZE = MATCH_HISTORY_LIMITS.pageSizeDefault;

/** The user's matches, newest first, paginated; each opens its details (seed hash, revealed seed, scores). */
export function HistoryTab() {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isLoading, isFetching, isError } = useGetMyMatchesQuery({ page, pageSize: PAGE_SIZE });

  if (isLoading) return <Spinner label={t('profile.history.loading')} />;
  if (isError || !data) {
    return (
      <p className="card empty-state" role="alert">
        {t('profile.history.loadError')}
      </p>
    );
  }
  if (data.total === 0) {
    return (
      <section aria-labelledby="profile-history-title" className="profile-section">
        <h2 id="profile-history-title" className="visually-hidden">
          {t('profile.history.title')}
        </h2>
        <div className="card empty-state" data-testid="profile-history-empty">
          <History aria-hidden="true" size={28} />
          <p>
            <strong>{t('profile.history.empty')}</strong>
          </p>
          <p className="muted">{t('profile.history.emptyText')}</p>
          <Link className="button button-secondary" to="/games">
            {t('profile.history.browseGames')}
          </Link>
        </div>
      </section>
    );
  }
  const pages = Math.max(1, Math.ceil(data.total / data.page_size));
  return (
    <section aria-labelledby="profile-history-title" className="profile-section" aria-busy={isFetching}>
      <h2 id="profile-history-title" className="visually-hidden">
        {t('profile.history.title')}
      </h2>
      <div className="card history-card">
        <table className="history-table">
          <thead>
            <tr>
              <th scope="col">{t('profile.history.game')}</th>
              <th scope="col">{t('profile.history.opponent')}</th>
              <th scope="col">{t('profile.history.bet')}</th>
              <th scope="col">{t('profile.history.result')}</th>
              <th scope="col">{t('profile.history.money')}</th>
              <th scope="col">{t('profile.history.score')}</th>
              <th scope="col">{t('profile.history.date')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('profile.history.details')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.matches.map((match) => (
              <MatchRow
                key={match.id}
                match={match}
                language={i18n.language}
                open={openId === match.id}
                onToggle={() => setOpenId((current) => (current === match.id ? null : match.id))}
              />
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pagination" aria-label={t('profile.history.pagination')}>
        <button
          type="button"
          className="button button-secondary"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {t('profile.history.previous')}
        </button>
        <span data-testid="history-page">{t('profile.history.pageOf', { page, pages })}</span>
        <button
          type="button"
          className="button button-secondary"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('profile.history.next')}
        </button>
      </nav>
    </section>
  );
}

/** What the match did to the player's money, in the words the finish screen and the bell use. */
function moneyText(t: TFunction, match: MatchHistoryItemDto): string {
  switch (match.result) {
    case 'win':
      // earnings is the net gain: the payout is the stake back plus it.
      return t('profile.history.moneyWin', payoutFigures(match.earnings + match.bet, match.bet));
    case 'loss':
      return t('profile.history.moneyLoss', { bet: formatDollars(match.bet) });
    case 'tie':
    case 'void':
      return t('profile.history.moneyRefunded', { bet: formatDollars(match.bet) });
    case 'held':
      return t('profile.history.moneyHeld', { bet: formatDollars(match.bet) });
  }
}

function MatchRow({
  match,
  language,
  open,
  onToggle,
}: {
  match: MatchHistoryItemDto;
  language: string;
  open: boolean;
  onToggle: () => void;
}) {
  const { t } = useTranslation();
  const detailsId = `match-details-${match.id}`;
  return (
    <>
      <tr data-testid="history-row" className={`history-${match.result}`}>
        {/* data-label: the column's name, shown beside each value where a phone stacks the row (profile.css). */}
        <td className="history-game">{`${match.game_icon} ${match.game_name}`}</td>
        <td data-label={t('profile.history.opponent')}>{match.opponent.username}</td>
        <td data-label={t('profile.history.bet')}>{formatDollars(match.bet)}</td>
        <td data-label={t('profile.history.result')}>
          <span className={`result-badge result-${match.result}`}>{t(`profile.history.results.${match.result}`)}</span>
        </td>
        <td data-label={t('profile.history.money')} data-testid="history-money">
          {moneyText(t, match)}
        </td>
        <td data-label={t('profile.history.score')}>
          {match.score === null ? '–' : `${match.score} – ${match.opponent_score ?? 0}`}
        </td>
        <td data-label={t('profile.history.date')}>
          <time dateTime={match.ended_at}>{formatDateTime(match.ended_at, language)}</time>
        </td>
        <td className="history-toggle">
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={detailsId}
            onClick={onToggle}
          >
            {t('profile.history.details')}
          </button>
        </td>
      </tr>
      {open && (
        <tr id={detailsId} className="history-details-row">
          <td colSpan={8}>
            <MatchDetails roomId={match.room_id} round={match.round} />
          </td>
        </tr>
      )}
    </>
  );
}

function MatchDetails({ roomId, round }: { roomId: string; round: number }) {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGetMatchDetailsQuery({ roomId, round });
  if (isLoading) return <Spinner label={t('profile.history.loadingDetails')} />;
  if (isError || !data) return <p role="alert">{t('profile.history.detailsError')}</p>;
  const { result } = data;
  return (
    <dl className="match-details" data-testid="match-details">
      <dt>{t('profile.history.seedHash')}</dt>
      <dd>
        <code>{result.seed_hash}</code>
      </dd>
      <dt>{t('profile.history.seed')}</dt>
      <dd>
        <code>{result.seed}</code>
      </dd>
      <dt>{t('profile.history.scores')}</dt>
      <dd>{`${result.display_scores[0]} – ${result.display_scores[1]} (${result.scores[0]} – ${result.scores[1]})`}</dd>
      <dt>{t('profile.history.duration')}</dt>
      <dd>{t('profile.history.seconds', { seconds: result.duration })}</dd>
      {data.review && (
        <>
          <dt>{t('profile.history.review')}</dt>
          <dd>
            <RoundReview review={data.review} />
          </dd>
        </>
      )}
      <dt>{t('profile.history.fairness')}</dt>
      <dd>
        <FairnessCheck round={result} replay={data} />
      </dd>
      {/* A round held for review is not finished yet: support's decision comes first (the API refuses a dispute). */}
      {data.review?.status !== 'held' && (
        <>
          <dt className="visually-hidden">{t('disputes.reason')}</dt>
          <dd className="match-dispute">
            <DisputeSection roomId={roomId} round={round} />
          </dd>
        </>
      )}
    </dl>
  );
}
