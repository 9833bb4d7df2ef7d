/**
 * Every user-visible message the spec names (SPEC §5 and §8), defined once.
 * The web translates them through i18n keyed by these English strings' ids.
 */
export const HTTP_ERROR_MESSAGES = {
  401: 'Authentication required',
  403: 'Access forbidden',
  404: 'Resource not found',
  429: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  fallback: 'An error occurred',
  network: 'Network error. Please check your connection.',
  unexpected: 'An unexpected error occurred',
} as const;

export const VALIDATION_MESSAGES = {
  passwordsDoNotMatch: 'Passwords do not match',
  usernameTooShort: 'Username must be at least 3 characters long',
  guestCreateRoom: 'Sign up to create rooms and bet real money!',
  invalidBet: 'Please enter a valid bet amount',
  insufficientBalance: 'Insufficient balance',
  guestJoinRoom: 'Sign up to join games and bet real money!',
  guestDeposit: 'Sign up to deposit real money!',
  invalidDeposit: 'Please enter a valid deposit amount',
  depositMin: 'Minimum deposit is $5.00',
  depositMax: 'Maximum deposit is $10,000.00',
  guestWithdraw: 'Sign up to withdraw money!',
  invalidWithdrawal: 'Please enter a valid withdrawal amount',
  withdrawalMin: 'Minimum withdrawal is $10.00',
  guestChat: 'Sign up to chat with other players!',
  guestEmote: 'Sign up to use emotes!',
  noAuthorizationCode: 'No authorization code received',
} as const;

export const TOAST_MESSAGES = {
  loginFailed: 'Login failed',
  registrationFailed: 'Registration failed',
  oauthLoginFailed: 'OAuth login failed',
  failedToLoadGames: 'Failed to load games',
  failedToLoadRooms: 'Failed to load rooms',
  failedToLoadFeaturedDuel: 'Failed to load featured duel',
  failedToLoadLeaderboard: 'Failed to load leaderboard',
  failedToCreateRoom: 'Failed to create room',
  failedToJoinRoom: 'Failed to join room',
  failedToSpectateRoom: 'Failed to spectate room',
  depositFailed: 'Deposit failed. Please try again.',
  withdrawalFailed: 'Withdrawal failed. Please try again.',
  welcomeBack: 'Welcome back!',
  accountCreated: 'Account created successfully!',
  loggedOut: 'Logged out successfully',
  roomCreated: 'Room created successfully!',
  joinedRoom: 'Joined room successfully!',
  spectatingRoom: 'Spectating room...',
  profileUpdated: 'Profile updated successfully!',
  guestWelcome: 'Welcome to spectator mode! You can watch games and play practice matches.',
  guestSignUpHint: 'Sign up to unlock betting and earn real money!',
} as const;

/** '{provider} authentication is not configured' (SPEC §5). */
export const providerNotConfiguredMessage = (provider: string): string =>
  `${provider} authentication is not configured`;

/** '{provider} login failed: {reason}' (SPEC §8). */
export const providerLoginFailedMessage = (provider: string, reason: string): string =>
  `${provider} login failed: ${reason}`;

export const depositSucceededMessage = (dollars: string): string => `Successfully deposited $${dollars}!`;
export const withdrawalProcessingMessage = (dollars: string): string =>
  `Withdrawal of $${dollars} is being processed!`;
