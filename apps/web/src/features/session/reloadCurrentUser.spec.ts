import { delay, http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { buildUser } from '../../test/factories';
import { apiUrl, server } from '../../test/server';
import { storeSignedInUser } from '../../test/wallet';
import { currentUserApi } from './currentUserApi';
import { reloadCurrentUser } from './sessionThunks';

describe('the session follows every reload of the current user', () => {
  it('ends with the newest balance when a push and a break reload the user at the same moment', async () => {
    const before = storeSignedInUser(buildUser({ current_balance: 25, balance: 25 }));
    const store = setupStore();
    // The cached copy is the older one, as after the page first loaded.
    await store.dispatch(currentUserApi.endpoints.getCurrentUser.initiate(undefined, { subscribe: false }));
    server.use(
      http.get(apiUrl('/users/me/'), async () => {
        await delay(50);
        return HttpResponse.json({ ...before, current_balance: 30, balance: 30 });
      }),
    );
    // The wallet push and the break's own reload share one request.
    await Promise.all([store.dispatch(reloadCurrentUser()), store.dispatch(reloadCurrentUser())]);
    const session = store.getState().session;
    expect(session.kind === 'signedIn' && session.user.current_balance).toBe(30);
  });
});
