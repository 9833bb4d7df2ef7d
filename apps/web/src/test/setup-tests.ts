import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { toast } from 'sonner';
import { resetRealtimeClient } from '../app/realtime';
import { preloadScreens } from '../app/router';
import { loadSonner } from '../app/toast';
import { preloadGames } from '../features/game-room/games/GameBoard';
import { installFakeSocket } from './realtime';
import { server } from './server';

// CI machines are shared and slow at times: give findBy/waitFor more room than the 1 s default. Waiting longer
// never makes a failing expectation pass; it only stops slow-but-correct renders from failing.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
// Screens, games and sonner are lazy chunks (decision 1301); fetched up front, they render at once as tests expect.
beforeAll(() => Promise.all([preloadScreens(), preloadGames(), loadSonner()]));
// No test opens a real socket: the realtime client gets a scripted fake (test/realtime.ts) that a test can drive.
beforeEach(() => {
  installFakeSocket();
});
afterEach(() => {
  resetRealtimeClient();
  // Sonner keeps its toasts in a module-wide store and replays the active ones to the next Toaster: without
  // this, one test's toasts show up again in the next.
  toast.dismiss();
  server.resetHandlers();
  window.localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('lang');
  document.documentElement.removeAttribute('style');
});
afterAll(() => server.close());
