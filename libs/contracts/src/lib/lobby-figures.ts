/**
 * Live lobby figures (docs/product/matchmaking.md#lobby-figures, docs/decisions/1703): who is on the platform right
 * now, per game and in all, pushed as `lobby:figures` to lobby subscribers when they change and read once by
 * GET /api/matchmaking/figures.
 */

/** How often one instance recomputes the figures (and pushes them if they changed). */
export const LOBBY_FIGURES_INTERVAL_MS = 3000;

export interface GameLobbyFiguresDto {
  game_id: string;
  /** Players waiting in the matchmaking queue for this game. */
  searching: number;
  /** Players seated in a match of this game that is being played. */
  playing: number;
  /** Matches of this game being played. */
  live_matches: number;
}

export interface LobbyFiguresDto {
  /** Signed-in users with at least one connected socket (any instance). */
  players_online: number;
  searching: number;
  playing: number;
  live_matches: number;
  /** Games with anyone searching or playing (a game not listed has zeros). */
  games: GameLobbyFiguresDto[];
}

/** A game's figures (zeros when nobody searches or plays it). */
export function figuresOfGame(figures: LobbyFiguresDto | undefined, gameId: string): GameLobbyFiguresDto {
  return (
    figures?.games.find((game) => game.game_id === gameId) ?? {
      game_id: gameId,
      searching: 0,
      playing: 0,
      live_matches: 0,
    }
  );
}
