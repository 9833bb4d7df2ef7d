import type { i18n as I18n, TFunction } from 'i18next';
import { createTestI18n } from '../test/i18n';
import { LANGUAGES } from './index';

/** The stat labels shown in cards and narrow columns: a figure followed by its unit. */
const FIGURES: readonly ((t: TFunction) => string)[] = [
  (t) => t('leaderboard.wins', { count: 0 }),
  (t) => t('leaderboard.wins', { count: 1 }),
  (t) => t('leaderboard.wins', { count: 112 }),
  (t) => t('leaderboard.cards.hotStreakHolder', { count: 12 }),
  (t) => t('leaderboard.cards.speedDemonHolder', { seconds: '3.4' }),
  (t) => t('gameRoom.players.points', { count: 130 }),
  (t) => t('gameRoom.timer.seconds', { count: 30 }),
  (t) => t('games.playersOnline', { count: 12 }),
  (t) => t('games.averageTime', { seconds: 45 }),
  (t) => t('profile.statistics.ratingValue', { rating: 1662, deviation: 88 }),
  (t) => t('profile.statistics.ratingGames', { count: 1 }),
  (t) => t('profile.statistics.ratingGames', { count: 14 }),
];

describe('figures and their units ("0 victorias" once wrapped onto two lines in narrow cards)', () => {
  let i18n: I18n;
  beforeAll(async () => {
    i18n = await createTestI18n();
  });

  it.each(LANGUAGES)('%s: a number is never separated from its unit by a breakable space', (language) => {
    const t = i18n.getFixedT(language);
    for (const figure of FIGURES) {
      const text = figure(t);
      expect(text).toMatch(/\d/);
      expect({ text, breakable: /\d[ \t]/.test(text) }).toEqual({ text, breakable: false });
    }
  });
});
