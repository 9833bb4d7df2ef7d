import { useTranslation } from 'react-i18next';
import { useGetGamesQuery } from '../games/gamesApi';
import { formatRating, useGetUserRatingsQuery } from './ratingsApi';
import { useGameText } from '../games/gameText';

/**
 * The user's Glicko-2 skill rating per game they have played for money (docs/product/matchmaking.md#ratings), on the
 * Statistics tab.
 */
export function SkillRatings({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { gameName } = useGameText();
  // Refetched on every visit: a match settled since the last one moves the figures.
  const { data, isError } = useGetUserRatingsQuery(userId, { refetchOnMountOrArgChange: true });
  const { data: games } = useGetGamesQuery();
  if (!data && !isError) return null;

  return (
    <section className="card ratings-card" aria-labelledby="profile-ratings-title" data-testid="profile-ratings">
      <h3 id="profile-ratings-title">{t('profile.statistics.ratings')}</h3>
      <p className="muted">{t('profile.statistics.ratingsHint')}</p>
      {isError || !data ? (
        <p role="alert">{t('profile.statistics.ratingsLoadError')}</p>
      ) : data.ratings.length === 0 ? (
        <p data-testid="profile-ratings-empty">{t('profile.statistics.ratingsEmpty')}</p>
      ) : (
        <ul className="rating-list">
          {data.ratings.map((row) => {
            const game = games?.find((candidate) => candidate.id === row.game_id);
            return (
              <li key={row.game_id} data-testid={`rating-${row.game_id}`}>
                <span className="rating-game">
                  {game ? `${game.icon} ${gameName(game.id, game.name)}` : row.game_id}
                  <span className="muted">{t('profile.statistics.ratingGames', { count: row.games })}</span>
                </span>
                <strong>{t('profile.statistics.ratingValue', formatRating(row))}</strong>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
