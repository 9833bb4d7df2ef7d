/**
 * Labels and messages of the game room and its chat, defined once (docs/product/rooms-and-matches.md#game-room-page).
 * The web translates them through i18n; English takes these strings verbatim.
 */
export const GAME_ROOM_MESSAGES = {
  notFoundTitle: 'Game Room Not Found',
  notFoundText: "The game room you're looking for doesn't exist or has been closed.",
  backToGames: 'Back to Games',
  leaveRoom: 'Leave Room',
  practiceMode: 'Practice Mode',
  spectating: 'Spectating',
  readyToPlay: 'Ready to Play?',
  startGame: 'Start Game',
  startPractice: 'Start Practice',
  gameStarting: 'Game starting...',
  youWonTitle: 'You Won!',
  youLostTitle: 'You Lost!',
  playAgain: 'Play Again',
  computer: 'Computer',
  opponent: 'Opponent',
  signUp: 'Sign Up',
  signUpToChat: 'Sign up to chat',
  /** Toasts at the end of a round (docs/product/rooms-and-matches.md#results-and-settlement). */
  youWon: 'You won!',
  practiceWin: 'Practice win!',
  youLost: 'You lost this round. Try again!',
} as const;

/** The player panel's status labels (docs/product/rooms-and-matches.md#game-room-page). */
export const GAME_ROOM_STATUS_LABELS = {
  waiting: 'Waiting',
  playing: 'Playing',
  finished: 'Finished',
  practice: 'Practice',
  ready: 'Ready',
} as const;
export type GameRoomStatusLabel = keyof typeof GAME_ROOM_STATUS_LABELS;

/** Header subtitle of a money room: 'Bet: $25.00'; `dollars` is already formatted, without the sign. */
export const betSubtitleMessage = (dollars: string): string => `Bet: $${dollars}`;

/** Win toast of a money room: '+$' and twice the bet (the pot); `dollars` is already formatted. */
export const winningsToastMessage = (dollars: string): string => `+$${dollars}`;
