import type {
  AuthResponseDto,
  LoginRequestDto,
  MessageResponse,
  OAuthAuthorizationResponse,
  OAuthCallbackResponse,
  RegisterRequestDto,
  RevokedSessionsResponse,
  SecurityOverviewDto,
  SessionDto,
  SocialProvider,
  TwoFactorEnabledResponse,
  TwoFactorSetupResponse,
} from '@skillduel/contracts';
import { api } from '../../app/api';

/**
 * POST /auth/oauth/callback payload (docs/product/accounts.md#social-login), plus the second factor when the account
 * has 2FA on.
 */
export interface OAuthCallbackRequest {
  provider: SocialProvider;
  code: string;
  state: string;
  redirect_uri: string;
  totp_code?: string;
  recovery_code?: string;
}

export interface OAuthAuthorizeRequest {
  provider: SocialProvider;
  redirect_uri: string;
  /** 'link' adds the provider to the signed-in account instead of signing in. */
  mode?: 'signin' | 'link';
}

/** The /auth/* calls (docs/product/accounts.md). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponseDto, LoginRequestDto>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    register: build.mutation<AuthResponseDto, RegisterRequestDto>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
    logout: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
    }),
    /** Ends every session of the account, this one included. */
    logoutAll: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/logout-all', method: 'POST' }),
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
    }),
    verifyEmail: build.mutation<MessageResponse, { token: string }>({
      query: (body) => ({ url: '/auth/verify-email', method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    resendVerification: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/auth/resend-verification', method: 'POST', body }),
    }),
    /** Re-authentication (decision 1001): the current password, and `two_factor_code` when 2FA is on. */
    changePassword: build.mutation<
      MessageResponse,
      { current_password: string; new_password: string; two_factor_code?: string }
    >({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      invalidatesTags: ['AuthSessions', 'Security'],
    }),
    setupTwoFactor: build.mutation<TwoFactorSetupResponse, { current_password: string }>({
      query: (body) => ({ url: '/auth/setup-2fa', method: 'POST', body }),
    }),
    verifyTwoFactor: build.mutation<TwoFactorEnabledResponse, { token: string; current_password: string }>({
      query: (body) => ({ url: '/auth/verify-2fa', method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    disableTwoFactor: build.mutation<MessageResponse, { token: string; current_password: string }>({
      query: (body) => ({ url: '/auth/disable-2fa', method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    getSecurityOverview: build.query<SecurityOverviewDto, void>({
      query: () => '/auth/security',
      providesTags: ['Security'],
    }),
    getSessions: build.query<SessionDto[], void>({
      query: () => '/auth/sessions',
      providesTags: ['AuthSessions'],
    }),
    revokeSession: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}/revoke`, method: 'POST' }),
      invalidatesTags: ['AuthSessions'],
    }),
    revokeOtherSessions: build.mutation<RevokedSessionsResponse, void>({
      query: () => ({ url: '/auth/sessions/revoke-all', method: 'POST' }),
      invalidatesTags: ['AuthSessions'],
    }),
    oauthAuthorize: build.mutation<OAuthAuthorizationResponse, OAuthAuthorizeRequest>({
      query: ({ provider, redirect_uri, mode }) => ({
        url: `/auth/oauth/${provider}`,
        params: mode ? { redirect_uri, mode } : { redirect_uri },
      }),
    }),
    oauthCallback: build.mutation<OAuthCallbackResponse, OAuthCallbackRequest>({
      query: (body) => ({ url: '/auth/oauth/callback', method: 'POST', body }),
    }),
    oauthUnlink: build.mutation<MessageResponse, SocialProvider>({
      query: (provider) => ({ url: `/auth/oauth/${provider}/unlink`, method: 'POST' }),
      invalidatesTags: ['Security'],
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useLogoutAllMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useVerifyEmailMutation,
  useResendVerificationMutation,
  useChangePasswordMutation,
  useSetupTwoFactorMutation,
  useVerifyTwoFactorMutation,
  useDisableTwoFactorMutation,
  useGetSecurityOverviewQuery,
  useGetSessionsQuery,
  useRevokeSessionMutation,
  useRevokeOtherSessionsMutation,
  useOauthAuthorizeMutation,
  useOauthCallbackMutation,
  useOauthUnlinkMutation,
} = authApi;
