import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { App } from '../app/app';
import { Providers } from '../app/Providers';
import { ROUTER_FUTURE } from '../app/router';
import { setupStore, type AppStore, type RootState } from '../app/store';
import { createI18n, type Language } from '../i18n';

interface ProviderOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Initial URL. */
  route?: string;
  /** State to start from; by default the store reads localStorage like the app does at start. */
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  language?: Language;
}

/** Shows the router's current path, so tests can assert redirects. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {location.pathname}
      {location.search}
    </output>
  );
}

/** Renders `ui` with its own store, i18n instance and in-memory router. */
export function renderWithProviders(ui: ReactElement, options: ProviderOptions = {}) {
  const { route = '/', preloadedState, language, ...renderOptions } = options;
  const store = options.store ?? setupStore(preloadedState);
  const i18n = createI18n(language);
  const user = userEvent.setup();
  const result = render(
    <Providers store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]} future={ROUTER_FUTURE}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </Providers>,
    renderOptions,
  );
  return { store, i18n, user, ...result };
}

/** The whole app (routes, layout, toasts) at `route`. */
export function renderApp(route = '/', options: Omit<ProviderOptions, 'route'> = {}) {
  return renderWithProviders(<App />, { ...options, route });
}
