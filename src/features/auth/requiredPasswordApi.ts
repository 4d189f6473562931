import { api, type ChangePasswordRequest, type MessageResponse } from '@/api';

/**
 * `PUT /auth/password` with the token a sign-in answered when the account must choose a new
 * password first. That token is not the session yet (the store holds none until the password is
 * changed, so no screen calls the API with it), so the call carries it itself.
 */
const requiredPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    changeRequiredPassword: build.mutation<
      MessageResponse,
      { token: string; changePasswordRequest: ChangePasswordRequest }
    >({
      query: ({ token, changePasswordRequest }) => ({
        url: '/auth/password',
        method: 'PUT',
        body: changePasswordRequest,
        headers: { Authorization: `Bearer ${token}` },
      }),
    }),
  }),
});

export const { useChangeRequiredPasswordMutation } = requiredPasswordApi;
