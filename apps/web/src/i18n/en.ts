import { HTTP_ERROR_MESSAGES, LANDING_CLAIMS, TOAST_MESSAGES, VALIDATION_MESSAGES } from '@skillduel/contracts';
import type { appSectionsEn } from './appSections';
import { accountEmailEn, authEn, callbackEn } from '../features/auth/i18n';
import { gameTextEn } from '../features/games/i18n';

/**
 * English is the source language: every string the spec names is taken from @skillduel/contracts verbatim,
 * so the English UI matches the spec exactly. Other languages translate this shape.
 */
export const en = {
  common: {
    brand: 'SkillDuel',
    skipToContent: 'Skip to main content',
    closeNotice: 'Close notice',
    noticesRegion: 'Notices',
    loading: 'Loading...',
    /**
     * The ranks the server names (docs/product/leaderboard.md#levels-and-ranks); an unknown one is shown as it comes.
     */
    ranks: {
      Guest: 'Guest',
      Bronze: 'Bronze',
      Silver: 'Silver',
      Gold: 'Gold',
      Diamond: 'Diamond',
      Legendary: 'Legendary',
    },
  },
  nav: {
    dashboard: 'Dashboard',
    games: 'Games',
    leaderboard: 'Leaderboard',
    profile: 'Profile',
    wallet: 'Wallet',
    tournaments: 'Tournaments',
    mainLabel: 'Main navigation',
    mobileLabel: 'Mobile navigation',
  },
  topBar: {
    balance: 'Balance',
    notifications: 'Notifications',
    notificationsUnread: 'Notifications, {{count}} unread',
    noNotifications: 'No notifications',
    level: 'Level {{level}}',
    levelShort: 'Lvl {{level}}',
    logout: 'Logout',
    account: 'Account',
  },
  theme: {
    switchToLight: 'Switch to light theme',
    switchToDark: 'Switch to dark theme',
  },
  language: {
    label: 'Language',
    /** Name of the language the switch changes to, written in that language. */
    switchTo: 'Español',
    switchToShort: 'ES',
    switchToCode: 'es',
  },
  landing: {
    heroTitle: 'Head-to-head skill games. Real money.',
    heroSubtitle: 'Challenge players one-on-one in quick skill games and win cash.',
    featuresLabel: 'Why SkillDuel',
    features: {
      instantMatchesTitle: 'Instant Matches',
      instantMatchesText: 'Find an opponent and start playing in seconds.',
      skillBasedTitle: 'Skill-Based',
      skillBasedText: 'Your skill decides the winner, not luck.',
      realMoneyTitle: 'Real Money',
      realMoneyText: 'Win cash in every head-to-head duel.',
      secureTitle: 'Secure Transactions',
      secureText: 'Every deposit and withdrawal is protected.',
    },
    claimsLabel: 'SkillDuel in numbers',
    claims: {
      activePlayersValue: LANDING_CLAIMS.activePlayers,
      activePlayers: 'Active Players',
      winningsValue: LANDING_CLAIMS.winnings,
      winnings: 'Winnings',
      gamesPlayedValue: LANDING_CLAIMS.gamesPlayed,
      gamesPlayed: 'Games Played',
    },
    featuredGames: 'Featured Games',
    practiceGame: 'practice for free',
  },
  auth: authEn,
  callback: callbackEn,
  accountEmail: accountEmailEn,
  games: {
    title: 'Games',
    subtitle: 'Pick a game and challenge a player.',
    filterLabel: 'Filter by category',
    all: 'All',
    loading: 'Loading games...',
    loadError: 'Games could not be loaded.',
    retry: 'Retry',
    empty: 'No games found in this category',
    playNow: 'Play Now',
    practice: 'Practice',
    playersOnline: '{{count}}\u00a0online',
    averageTime: '~{{seconds}}s per game',
    betRange: 'Bet range',
    category: 'Category',
    difficulty: 'Difficulty',
    comingSoon: 'coming soon',
    noGamesYet: 'No {{category}} games yet: coming soon.',
  },
  gameText: gameTextEn,
  categories: {
    reaction: 'Reaction',
    math: 'Math',
    memory: 'Memory',
    logic: 'Logic',
    typing: 'Typing',
    visual: 'Visual',
    strategy: 'Strategy',
    puzzle: 'Puzzle',
  },
  difficulties: {
    easy: 'Easy',
    medium: 'Medium',
    hard: 'Hard',
    expert: 'Expert',
  },
  notFound: {
    title: 'Page not found',
    text: "The page you're looking for doesn't exist.",
    home: 'Go to the home page',
  },
  toast: { ...TOAST_MESSAGES },
  validation: { ...VALIDATION_MESSAGES },
  /** i18next keys cannot be numbers, so the 4xx messages are named. */
  httpErrors: {
    unauthorized: HTTP_ERROR_MESSAGES[401],
    forbidden: HTTP_ERROR_MESSAGES[403],
    notFound: HTTP_ERROR_MESSAGES[404],
    tooManyRequests: HTTP_ERROR_MESSAGES[429],
    serverError: HTTP_ERROR_MESSAGES.serverError,
    serviceUnavailable: HTTP_ERROR_MESSAGES.serviceUnavailable,
    fallback: HTTP_ERROR_MESSAGES.fallback,
    network: HTTP_ERROR_MESSAGES.network,
    unexpected: HTTP_ERROR_MESSAGES.unexpected,
  },
} as const;

/**
 * The shape every translation must fill: same keys, any strings. The sections of the signed-in app
 * (./appSections.ts) are part of it; they load with the app's screens, not with the landing page (decision 1301).
 */
export type TranslationResource<T = typeof en & typeof appSectionsEn> = {
  -readonly [K in keyof T]: T[K] extends string ? string : TranslationResource<T[K]>;
};

/** The sections above, which every screen needs (the rest is in ./appSections.ts). */
export type CoreTranslationResource = TranslationResource<typeof en>;
