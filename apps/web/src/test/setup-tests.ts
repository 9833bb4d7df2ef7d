import '@testing-library/jest-dom';
import { toast } from 'sonner';
import { resetRealtimeClient } from '../app/realtime';
import { installFakeSocket } from './realtime';
import { server } from './server';

beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
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
