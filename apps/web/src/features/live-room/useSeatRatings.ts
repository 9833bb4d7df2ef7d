import { RATING_START, type PlayerRatingsResponse } from '@skillduel/contracts';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatRating, useGetUserRatingsQuery } from '../profile/ratingsApi';

function ratingText(t: TFunction, data: PlayerRatingsResponse | undefined, gameId: string): string | undefined {
  if (!data) return undefined;
  // No row yet: the player is where everyone starts.
  const row = data.ratings.find((rating) => rating.game_id === gameId) ?? RATING_START;
  return t('gameRoom.players.rating', formatRating(row));
}

/**
 * The two shown players' skill ratings in this game for the match player panel, e.g. '1662 ± 88'.
 * Guests cannot read ratings (signed-in only). Fetched again when a round finishes, since settlement moved them.
 */
export function useSeatRatings(
  userIds: [string | undefined, string | undefined],
  gameId: string,
  enabled: boolean,
  finished: boolean,
): [string | undefined, string | undefined] {
  const { t } = useTranslation();
  const first = useGetUserRatingsQuery(userIds[0] ?? '', { skip: !enabled || !userIds[0] });
  const second = useGetUserRatingsQuery(userIds[1] ?? '', { skip: !enabled || !userIds[1] });
  const { refetch: refetchFirst, isUninitialized: firstIdle } = first;
  const { refetch: refetchSecond, isUninitialized: secondIdle } = second;
  useEffect(() => {
    if (!finished) return;
    if (!firstIdle) void refetchFirst();
    if (!secondIdle) void refetchSecond();
  }, [finished, firstIdle, secondIdle, refetchFirst, refetchSecond]);
  return [ratingText(t, first.data, gameId), ratingText(t, second.data, gameId)];
}
