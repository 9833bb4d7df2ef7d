/**
 * Every user-visible validation and error message (docs/product/app-and-api.md#status-messages), defined once.
 * The web translates them through i18n keyed by these English strings' ids.
 */
export const HTTP_ERROR_MESSAGES = {
  401: 'Authentication required',
  403: 'Access forbidden',
  404: 'Resource not found',
  429: 'Too many requests. Please try again later.',
  serverError: 'Server error. Please try again later.',
  /** 503 while the database cannot be reached (code SERVICE_ERROR_CODES.databaseUnavailable); safe to retry. */
  serviceUnavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  fallback: 'An error occurred',
  network: 'Network error. Please check your connection.',
  unexpected: 'An unexpected error occurred',
} as const;

/** Codes of errors that are about the service, not the request. */
export const SERVICE_ERROR_CODES = {
  databaseUnavailable: 'DATABASE_UNAVAILABLE',
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

/**
 * Messages of the accounts and security calls (docs/product/accounts.md).
 * Validation messages become the error's `detail`, which the client shows as is.
 */
export const AUTH_MESSAGES = {
  usernameRequired: 'Username is required',
  usernameTooLong: 'Username must be at most 32 characters long',
  usernameCharacters: 'Username may only contain letters, numbers and underscores',
  usernameReserved: 'This username is reserved',
  usernameTaken: 'Username is already taken',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  emailTaken: 'Email is already registered',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooLong: 'Password must be at most 128 characters long',
  currentPasswordRequired: 'Current password is required',
  newPasswordRequired: 'New password is required',
  invalidCredentials: 'Invalid email or password',
  wrongCurrentPassword: 'Current password is incorrect',
  noPasswordSet: 'This account has no password yet; use "Forgot password" to set one',
  tokenRequired: 'Token is required',
  invalidOrExpiredToken: 'Invalid or expired token',
  refreshTokenRequired: 'Refresh token is required',
  invalidRefreshToken: 'Invalid or expired refresh token',
  twoFactorCodeFormat: 'The code must be the 6 digits shown in your authenticator app',
  twoFactorRequired: 'Two-factor authentication code required',
  twoFactorInvalid: 'Invalid two-factor authentication code',
  twoFactorAlreadyEnabled: 'Two-factor authentication is already enabled',
  twoFactorNotEnabled: 'Two-factor authentication is not enabled',
  twoFactorSetupMissing: 'Start two-factor setup first',
  twoFactorEnabled: 'Two-factor authentication enabled',
  twoFactorDisabled: 'Two-factor authentication disabled',
  /** 403 TWO_FACTOR_REQUIRED for a sensitive change (email, password, 2FA) without a valid current code. */
  twoFactorCodeForChange: 'Enter the current code from your authenticator app to make this change',
  emailChanged: 'Your email address has been changed',
  countryInvalid: 'Please choose a country from the list',
  xpAmountInvalid: 'xp_amount must be a whole number from 1 to 1000000',
  onlineStatusInvalid: 'is_online must be true or false',
  loggedOutEverywhere: 'Logged out of all sessions',
  sessionRevoked: 'Session revoked',
  otherSessionsRevoked: 'All other sessions revoked',
  emailVerified: 'Email verified successfully',
  verificationSent: 'If that account exists and its email is not verified yet, we sent a new verification link.',
  resetLinkSent: 'If an account exists for that email, we sent a link to reset the password.',
  passwordReset: 'Password reset successfully. Please sign in with your new password.',
  passwordChanged: 'Password changed successfully',
  oauthStateInvalid: 'Sign-in request expired or is invalid; please try again',
  oauthRedirectInvalid: 'Invalid redirect_uri',
  oauthProviderInvalid: 'Unknown sign-in provider',
  oauthLastMethod: 'You cannot unlink your only way to sign in. Set a password first.',
} as const;

/** 'Signed in with {provider}' (social sign-in success). */
export const providerSignedInMessage = (provider: string): string => `Signed in with ${provider}`;
/** '{provider} account linked' / '… unlinked'. */
export const providerLinkedMessage = (provider: string): string => `${provider} account linked`;
export const providerUnlinkedMessage = (provider: string): string => `${provider} account unlinked`;
export const providerNotLinkedMessage = (provider: string): string => `No ${provider} account is linked`;
/** A social account whose verified email belongs to an existing account is never linked on email alone. */
export const providerEmailInUseMessage = (provider: string): string =>
  `An account with this email already exists. Sign in with your password, then link ${provider} in Security settings.`;
export const providerLinkedElsewhereMessage = (provider: string): string =>
  `This ${provider} account is already linked to another user`;

/** '{provider} authentication is not configured' (docs/product/accounts.md#social-login). */
export const providerNotConfiguredMessage = (provider: string): string =>
  `${provider} authentication is not configured`;

/** '{provider} login failed: {reason}' (docs/product/accounts.md#social-login). */
export const providerLoginFailedMessage = (provider: string, reason: string): string =>
  `${provider} login failed: ${reason}`;

export const depositSucceededMessage = (dollars: string): string => `Successfully deposited $${dollars}!`;
export const withdrawalProcessingMessage = (dollars: string): string => `Withdrawal of $${dollars} is being processed!`;
