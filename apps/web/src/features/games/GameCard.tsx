import type { GameDto, GameLobbyFiguresDto } from '@skillduel/contracts';
import { Clock, Users } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatBetDollars } from '../../app/format';
import { useGameText } from './gameText';

/**
 * One catalogue card (docs/product/games.md#games-page). Guests see no bet range and a Practice button. With live lobby
 * figures the card shows players searching and playing this game instead of the catalogue's static count.
 */
export function GameCard({
  game,
  isGuest,
  figures,
}: {
  game: GameDto;
  isGuest: boolean;
  figures?: GameLobbyFiguresDto;
}) {
  const { t } = useTranslation();
  const { gameName, gameDescription } = useGameText();
  const titleId = useId();
  return (
    <article className="card game-card" data-testid="game-card" data-game-id={game.id} aria-labelledby={titleId}>
      <div className="game-card-head">
        <span className="game-icon" aria-hidden="true">
          {game.icon}
        </span>
        <h2 id={titleId} className="game-card-title">
          {gameName(game.id, game.name)}
        </h2>
      </div>
      <p className="game-card-description">{gameDescription(game.id, game.description)}</p>
      <ul className="badges">
        <li className="badge badge-category" data-testid="category-badge">
          <span className="visually-hidden">{t('games.category')}: </span>
          {t(`categories.${game.category}`, { defaultValue: game.category })}
        </li>
        <li className={`badge badge-difficulty badge-${game.difficulty}`} data-testid="difficulty-badge">
          <span className="visually-hidden">{t('games.difficulty')}: </span>
          {t(`difficulties.${game.difficulty}`, { defaultValue: game.difficulty })}
        </li>
      </ul>
      <dl className="game-card-facts">
        <div>
          <dt>
            <Users aria-hidden="true" size={16} />
          </dt>
          <dd data-testid="game-figures">
            {figures
              ? t('matchmaking.figures.perGame', { searching: figures.searching, playing: figures.playing })
              : t('games.playersOnline', { count: game.players_online })}
          </dd>
        </div>
        <div>
          <dt>
            <Clock aria-hidden="true" size={16} />
          </dt>
          <dd>{t('games.averageTime', { seconds: game.avg_game_time })}</dd>
        </div>
        {!isGuest && (
          <div data-testid="bet-range">
            <dt>{t('games.betRange')}</dt>
            <dd>
              {formatBetDollars(game.min_bet)} - {formatBetDollars(game.max_bet)}
            </dd>
          </div>
        )}
      </dl>
      <Link to={`/game/${encodeURIComponent(game.id)}`} className="button button-primary game-card-play">
        {isGuest ? t('games.practice') : t('games.playNow')}
      </Link>
    </article>
  );
}
