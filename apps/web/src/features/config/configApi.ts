import type { PublicConfigDto } from '@skillduel/contracts';
import { api } from '../../app/api';

export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/config — public feature flags, limits and configured OAuth providers
     * (docs/product/operations.md#feature-flags).
     */
    getConfig: build.query<PublicConfigDto, void>({
      query: () => '/config',
      providesTags: ['Config'],
    }),
  }),
});

export const { useGetConfigQuery } = configApi;
