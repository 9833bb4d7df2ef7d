import type {
  EligibilityDto,
  RealityCheckDto,
  RgLimitKind,
  RgLimitsDto,
  SelfExclusionDto,
  SelfExclusionKind,
} from '@skillduel/contracts';
import { api } from '../../app/api';
import { reloadCurrentUser } from '../session/sessionThunks';

const rgApiWithTags = api.enhanceEndpoints({ addTagTypes: ['Eligibility', 'Limits'] });

interface EligibilityRequest {
  date_of_birth: string;
  country: string;
  accept_terms: boolean;
}

/** Eligibility, limits, breaks and the reality check (docs/decisions/1501-responsible-gaming.md). */
export const rgApi = rgApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/users/me/eligibility */
    getEligibility: build.query<EligibilityDto, void>({
      query: () => '/users/me/eligibility',
      providesTags: ['Eligibility'],
    }),
    /** PUT /api/users/me/eligibility: once, before the first money move. */
    confirmEligibility: build.mutation<EligibilityDto, EligibilityRequest>({
      query: (body) => ({ url: '/users/me/eligibility', method: 'PUT', body }),
      invalidatesTags: ['Eligibility'],
    }),
    /** GET /api/users/me/limits */
    getLimits: build.query<RgLimitsDto, void>({
      query: () => '/users/me/limits',
      providesTags: ['Limits'],
    }),
    /** PUT /api/users/me/limits: dollars, null removes (after the delay), omitted stays. */
    updateLimits: build.mutation<RgLimitsDto, Partial<Record<RgLimitKind, number | null>>>({
      query: (body) => ({ url: '/users/me/limits', method: 'PUT', body }),
      invalidatesTags: ['Limits'],
    }),
    /** POST /api/users/me/self-exclusion */
    startBreak: build.mutation<SelfExclusionDto, { kind: SelfExclusionKind; period: string }>({
      query: (body) => ({ url: '/users/me/self-exclusion', method: 'POST', body }),
      // Waiting rooms were refunded: the balance and the rooms changed too.
      invalidatesTags: ['Limits', 'CurrentUser', 'Transactions'],
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        // The top bar reads the session's copy of the user, which a tag does not reach: reload it, so every balance
        // shows the refund even if the wallet push was missed.
        await dispatch(reloadCurrentUser());
      },
    }),
    /** GET /api/users/me/reality-check */
    getRealityCheck: build.query<RealityCheckDto, void>({
      query: () => '/users/me/reality-check',
    }),
    /** POST /api/users/me/reality-check */
    answerRealityCheck: build.mutation<RealityCheckDto, 'continue' | 'stop'>({
      query: (action) => ({ url: '/users/me/reality-check', method: 'POST', body: { action } }),
    }),
  }),
});

export const {
  useLazyGetEligibilityQuery,
  useConfirmEligibilityMutation,
  useGetLimitsQuery,
  useUpdateLimitsMutation,
  useStartBreakMutation,
  useGetRealityCheckQuery,
  useAnswerRealityCheckMutation,
} = rgApi;
