import { figuresOfGame, GAME_CATEGORIES, type GameCategory } from '@skillduel/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { browser } from '../../app/browser';
import { useAppSelector } from '../../app/hooks';
import { toast } from '../../app/toast';
import { PageHeader } from '../../app/ui/PageHeader';
import { Spinner } from '../../app/ui/Spinner';
import { useGetLobbyFiguresQuery } from '../matchmaking/matchmakingApi';
import { selectIsGuest } from '../session/sessionSlice';
import { GameCard } from './GameCard';
import { useGetGamesQuery } from './gamesApi';

type CategoryFilter = 'all' | GameCategory;
const FILTERS: readonly CategoryFilter[] = ['all', ...GAME_CATEGORIES];
const LOAD_ERROR_TOAST_ID = 'failed-to-load-games';

/** The games catalogue (docs/product/games.md#games-page). */
export function GamesPage() {
  const { t } = useTranslation();
  const isGuest = useAppSelector(selectIsGuest);
  const { data: games, isLoading, isError } = useGetGamesQuery();
  // Live per-game figures (pushed); until they load, the catalogue's count.
  const { data: figures } = useGetLobbyFiguresQuery();
  const [filter, setFilter] = useState<CategoryFilter>('all');

  useEffect(() => {
    if (isError) toast.error(t('toast.failedToLoadGames'), LOAD_ERROR_TOAST_ID);
  }, [isError, t]);

  // A category the catalogue has no game in yet is shown as coming soon rather than as a filter that finds nothing.
  const categoriesWithGames = useMemo(() => new Set((games ?? []).map((game) => game.category)), [games]);
  const isComingSoon = (category: CategoryFilter): boolean =>
    games !== undefined && category !== 'all' && !categoriesWithGames.has(category);

  const shown = useMemo(
    () => (games ?? []).filter((game) => filter === 'all' || game.category === filter),
    [games, filter],
  );

  return (
    <section className="page">
      <PageHeader title={t('games.title')}>
        <p className="muted">{t('games.subtitle')}</p>
      </PageHeader>

      <div className="chips" role="group" aria-label={t('games.filterLabel')}>
        {FILTERS.map((category) => {
          const label = category === 'all' ? t('games.all') : t(`categories.${category}`);
          const soon = isComingSoon(category);
          return (
            <button
              key={category}
              type="button"
              className={soon ? 'chip chip-soon' : 'chip'}
              data-testid="category-chip"
              data-category={category}
              aria-pressed={filter === category}
              onClick={() => setFilter(category)}
            >
              {label}
              {soon && <span className="chip-note"> · {t('games.comingSoon')}</span>}
            </button>
          );
        })}
      </div>

      {isLoading ? (
        <Spinner label={t('games.loading')} className="page-spinner" />
      ) : isError ? (
        <div className="card empty-state" role="alert">
          <p>{t('games.loadError')}</p>
          <button type="button" className="button button-primary" onClick={() => browser.reload()}>
            {t('games.retry')}
          </button>
        </div>
      ) : shown.length === 0 ? (
        <div className="card empty-state">
          <p className="muted">{t('games.empty')}</p>
          {filter !== 'all' && isComingSoon(filter) && (
            <p className="muted">{t('games.noGamesYet', { category: t(`categories.${filter}`) })}</p>
          )}
        </div>
      ) : (
        <div className="games-grid">
          {shown.map((game) => (
            <GameCard
              key={game.id}
              game={game}
              isGuest={isGuest}
              figures={figures ? figuresOfGame(figures, game.id) : undefined}
            />
          ))}
        </div>
      )}
    </section>
  );
}
