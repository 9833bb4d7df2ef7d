import type { DisputeDto } from '@skillduel/contracts';
import { api } from '../../app/api';

const disputesApiWithTags = api.enhanceEndpoints({ addTagTypes: ['Dispute'] });

/** A player's disputes of a finished round (POST/GET /api/rooms/{id}/rounds/{n}/disputes; decision 1602). */
export const disputesApi = disputesApiWithTags.injectEndpoints({
  endpoints: (build) => ({
    getMyDisputes: build.query<DisputeDto[], { roomId: string; round: number }>({
      query: ({ roomId, round }) => `/rooms/${encodeURIComponent(roomId)}/rounds/${round}/disputes`,
      providesTags: ['Dispute'],
    }),
    openDispute: build.mutation<DisputeDto, { roomId: string; round: number; reason: string }>({
      query: ({ roomId, round, reason }) => ({
        url: `/rooms/${encodeURIComponent(roomId)}/rounds/${round}/disputes`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: ['Dispute'],
    }),
  }),
});

export const { useGetMyDisputesQuery, useOpenDisputeMutation } = disputesApi;
