import { DEVICE_ID_HEADER, isValidDeviceId } from '@skillduel/contracts';
import { http, HttpResponse } from 'msw';
import { setupStore } from '../../app/store';
import { STORAGE_KEYS } from '../../app/storage';
import { apiUrl, server } from '../../test/server';
import { deviceId } from './deviceId';
import { matchmakingApi } from './matchmakingApi';

describe('device id (never two accounts of one device in a match)', () => {
  it('is created once, kept in localStorage and reused', () => {
    window.localStorage.removeItem(STORAGE_KEYS.deviceId);
    const first = deviceId();
    expect(isValidDeviceId(first)).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(first);
    expect(deviceId()).toBe(first);
  });

  it('keeps an id stored earlier and replaces a tampered one', () => {
    window.localStorage.setItem(STORAGE_KEYS.deviceId, 'kept-device-0001');
    expect(deviceId()).toBe('kept-device-0001');
    window.localStorage.setItem(STORAGE_KEYS.deviceId, 'not valid!');
    const replaced = deviceId();
    expect(isValidDeviceId(replaced)).toBe(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(replaced);
  });

  it('is sent with a queue entry', async () => {
    const headers: Array<string | null> = [];
    server.use(
      http.post(apiUrl('/matchmaking/queue'), ({ request }) => {
        headers.push(request.headers.get(DEVICE_ID_HEADER));
        return HttpResponse.json(null, { status: 400 });
      }),
    );
    const store = setupStore();
    await store.dispatch(matchmakingApi.endpoints.enterQueue.initiate({ game_id: 'number-rush', bet_amount: 2 }));
    expect(headers).toEqual([deviceId()]);
  });
});
