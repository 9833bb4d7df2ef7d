import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { buildConfig, GAMES } from './factories';

/** URL pattern for an API path on any origin, e.g. api('/games/'). */
export const apiUrl = (path: string) => `*/api${path}`;

/** Default answers; a test overrides them with server.use(...), which resets after each test. */
export const handlers = [
  http.get(apiUrl('/games/'), () => HttpResponse.json(GAMES)),
  http.get(apiUrl('/config'), () => HttpResponse.json(buildConfig())),
];

export const server = setupServer(...handlers);
