import type { AuthResponseDto, LoginRequestDto, RegisterRequestDto } from '@skillduel/contracts';
import { api } from '../../app/api';

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /api/auth/login (SPEC §7). */
    login: build.mutation<AuthResponseDto, LoginRequestDto>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
    }),
    /** POST /api/auth/register (SPEC §7). */
    register: build.mutation<AuthResponseDto, RegisterRequestDto>({
      query: (body) => ({ url: '/auth/register', method: 'POST', body }),
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation } = authApi;
