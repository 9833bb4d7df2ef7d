import type {
  AdminAuditEntryDto,
  AdminFairPlayEvidenceDto,
  AdminReviewDto,
  FairPlayReviewDecision,
  AdminDisputeDto,
  AdminFlagDto,
  DisputeDecision,
  AdminDisputeSummaryDto,
  FlagResolution,
  AdminUserDetailDto,
  AdminUserSummaryDto,
  AdminWithdrawalDto,
  StaffMeDto,
  UserRole,
} from '@skillduel/contracts';
import { api } from '../../app/api';

const adminApiWithTags = api.enhanceEndpoints({
  addTagTypes: ['AdminUser', 'AdminWithdrawals', 'AdminAudit', 'AdminFlags', 'AdminDisputes', 'AdminReviews'],
});

/** The operator console's calls (/api/admin/*, support and admin only; decision 1601). */
export const adminApi = adminApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    getStaffMe: build.query<StaffMeDto, void>({ query: () => '/admin/me' }),
    searchUsers: build.query<AdminUserSummaryDto[], string>({
      query: (q) => ({ url: '/admin/users', params: { q } }),
      providesTags: ['AdminUser'],
    }),
    getAdminUser: build.query<AdminUserDetailDto, string>({
      query: (id) => `/admin/users/${encodeURIComponent(id)}`,
      providesTags: ['AdminUser'],
    }),
    freezeUser: build.mutation<AdminUserDetailDto, { id: string; reason: string; freeze: boolean }>({
      query: ({ id, reason, freeze }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/${freeze ? 'freeze' : 'unfreeze'}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['AdminUser', 'AdminAudit'],
    }),
    setUserRole: build.mutation<AdminUserDetailDto, { id: string; role: UserRole; reason: string }>({
      query: ({ id, role, reason }) => ({
        url: `/admin/users/${encodeURIComponent(id)}/role`,
        method: 'PUT',
        body: { role, reason },
      }),
      invalidatesTags: ['AdminUser', 'AdminAudit'],
    }),
    getHeldWithdrawals: build.query<AdminWithdrawalDto[], void>({
      query: () => '/admin/withdrawals',
      providesTags: ['AdminWithdrawals'],
    }),
    decideWithdrawal: build.mutation<
      AdminWithdrawalDto,
      { id: string; decision: 'approve' | 'reject'; reason: string }
    >({
      query: ({ id, decision, reason }) => ({
        url: `/admin/withdrawals/${encodeURIComponent(id)}/${decision}`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['AdminWithdrawals', 'AdminUser', 'AdminAudit'],
    }),
    getFlags: build.query<AdminFlagDto[], void>({ query: () => '/admin/flags', providesTags: ['AdminFlags'] }),
    resolveFlag: build.mutation<AdminFlagDto[], { id: string; action: FlagResolution; note: string }>({
      query: ({ id, action, note }) => ({
        url: `/admin/flags/${encodeURIComponent(id)}/resolve`,
        method: 'POST',
        body: { action, note },
      }),
      invalidatesTags: ['AdminFlags', 'AdminUser', 'AdminAudit'],
    }),
    getDisputes: build.query<AdminDisputeSummaryDto[], void>({
      query: () => '/admin/disputes',
      providesTags: ['AdminDisputes'],
    }),
    getDispute: build.query<AdminDisputeDto, string>({
      query: (id) => `/admin/disputes/${encodeURIComponent(id)}`,
      providesTags: ['AdminDisputes'],
    }),
    decideDispute: build.mutation<AdminDisputeDto, { id: string; decision: DisputeDecision; note: string }>({
      query: ({ id, decision, note }) => ({
        url: `/admin/disputes/${encodeURIComponent(id)}/decide`,
        method: 'POST',
        body: { decision, note },
      }),
      invalidatesTags: ['AdminDisputes', 'AdminUser', 'AdminAudit'],
    }),
    /** Fair-play reviews of held payouts (decision 1802): the held ones, or all with the decided ones. */
    getReviews: build.query<AdminReviewDto[], 'held' | 'all'>({
      query: (status) => ({ url: '/admin/reviews', params: status === 'all' ? { status } : {} }),
      providesTags: ['AdminReviews'],
    }),
    getReview: build.query<AdminReviewDto, string>({
      query: (matchId) => `/admin/reviews/${encodeURIComponent(matchId)}`,
      providesTags: ['AdminReviews'],
    }),
    decideReview: build.mutation<AdminReviewDto, { matchId: string; decision: FairPlayReviewDecision; note: string }>({
      query: ({ matchId, decision, note }) => ({
        url: `/admin/reviews/${encodeURIComponent(matchId)}/decide`,
        method: 'POST',
        body: { decision, note },
      }),
      invalidatesTags: ['AdminReviews', 'AdminUser', 'AdminAudit'],
    }),
    getUserFairPlay: build.query<AdminFairPlayEvidenceDto[], string>({
      query: (userId) => `/admin/users/${encodeURIComponent(userId)}/fair-play`,
      providesTags: ['AdminReviews'],
    }),
    getAudit: build.query<AdminAuditEntryDto[], { target_id?: string; action?: string }>({
      query: (params) => ({ url: '/admin/audit', params }),
      providesTags: ['AdminAudit'],
    }),
  }),
});

export const {
  useGetStaffMeQuery,
  useSearchUsersQuery,
  useGetAdminUserQuery,
  useFreezeUserMutation,
  useSetUserRoleMutation,
  useGetHeldWithdrawalsQuery,
  useDecideWithdrawalMutation,
  useGetAuditQuery,
  useGetFlagsQuery,
  useResolveFlagMutation,
  useGetDisputesQuery,
  useGetDisputeQuery,
  useDecideDisputeMutation,
  useGetReviewsQuery,
  useGetReviewQuery,
  useDecideReviewMutation,
  useGetUserFairPlayQuery,
} = adminApi;
