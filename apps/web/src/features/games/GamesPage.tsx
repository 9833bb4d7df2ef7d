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
        {FILTERS.map((category) => (
          <button
            key={category}
            type="button"
            className="chip"
            data-testid="category-chip"
            data-category={category}
            aria-pressed={filter === category}
            onClick={() => setFilter(category)}
          >
            {category === 'all' ? t('games.all') : t(`categories.${category}`)}
          </button>
        ))}
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
