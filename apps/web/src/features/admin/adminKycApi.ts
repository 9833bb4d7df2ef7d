import type { AdminKycDecisionDto, AdminKycReviewDto, KycReviewDecision, KycReviewKind } from '@skillduel/contracts';
import { api } from '../../app/api';

/** The console's verification queue (/api/admin/kyc, decision 2504). */
export const adminKycApi = api.enhanceEndpoints({ addTagTypes: ['AdminKyc'] }).injectEndpoints({
  endpoints: (build) => ({
    getKycQueue: build.query<AdminKycReviewDto[], void>({
      query: () => '/admin/kyc',
      providesTags: ['AdminKyc'],
    }),
    decideKyc: build.mutation<
      AdminKycDecisionDto,
      { userId: string; kind: KycReviewKind; decision: KycReviewDecision; reason: string }
    >({
      query: ({ userId, kind, decision, reason }) => ({
        url: `/admin/kyc/${encodeURIComponent(userId)}/${kind === 'identity' ? 'identity' : 'source-of-funds'}`,
        method: 'POST',
        body: { decision, reason },
      }),
      invalidatesTags: ['AdminKyc'],
    }),
  }),
});

export const { useGetKycQueueQuery, useDecideKycMutation } = adminKycApi;
