import { GAME_IDS, type GameId } from '@skillduel/contracts';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

function isBuiltInGame(id: string): id is GameId {
  return (GAME_IDS as readonly string[]).includes(id);
}

/**
 * A game's name and description in the screen's language: a built-in game by its id, anything else (a game the
 * catalogue adds later) as the server words it.
 */
export function useGameText(): {
  gameName: (id: string, serverName: string) => string;
  gameDescription: (id: string, serverDescription: string) => string;
} {
  const { t } = useTranslation();
  const gameName = useCallback(
    (id: string, serverName: string) => (isBuiltInGame(id) ? t(`gameText.names.${id}`) : serverName),
    [t],
  );
  const gameDescription = useCallback(
    (id: string, serverDescription: string) =>
      isBuiltInGame(id) ? t(`gameText.descriptions.${id}`) : serverDescription,
    [t],
  );
  return { gameName, gameDescription };
}
