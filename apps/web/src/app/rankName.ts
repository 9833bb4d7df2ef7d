import type { TFunction } from 'i18next';

const KNOWN_RANKS = ['Guest', 'Bronze', 'Silver', 'Gold', 'Diamond', 'Legendary'] as const;
type KnownRank = (typeof KNOWN_RANKS)[number];

function isKnownRank(rank: string): rank is KnownRank {
  return (KNOWN_RANKS as readonly string[]).includes(rank);
}

/** A rank as the server names it ("Bronze"), in the reader's language ("Bronce"); an unknown one as it is. */
export function rankName(t: TFunction, rank: string): string {
  return isKnownRank(rank) ? t(`common.ranks.${rank}`) : rank;
}
