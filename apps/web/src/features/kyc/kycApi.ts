import type { KycInquiryDto, KycStatusDto } from '@skillduel/contracts';
import { api } from '../../app/api';

/** Identity verification (docs/product/kyc.md): the player's tier and status, and starting a check. */
export const kycApi = api.enhanceEndpoints({ addTagTypes: ['Kyc'] }).injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/kyc — tier, status, the next step and what money actions need now. */
    getKycStatus: build.query<KycStatusDto, void>({
      query: () => '/kyc',
      providesTags: ['Kyc'],
    }),
    /** POST /api/kyc/inquiries — a new check with the provider; the player is sent to `hosted_url`. */
    startKycInquiry: build.mutation<KycInquiryDto, void>({
      query: () => ({ url: '/kyc/inquiries', method: 'POST', body: {} }),
      invalidatesTags: ['Kyc'],
    }),
  }),
});

export const { useGetKycStatusQuery, useStartKycInquiryMutation } = kycApi;
