import { StrictMode } from 'react';
import * as ReactDOM from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/app';
import { Providers } from './app/Providers';
import { preloadFirstScreen, ROUTER_FUTURE } from './app/router';
import { setupStore } from './app/store';
import { readStoredTheme, applyTheme } from './features/theme/theme';
import { createI18n } from './i18n';
import './styles.css';

// public/preferences.js already applied these before first paint; repeat in case it was blocked.
applyTheme(readStoredTheme());

const store = setupStore();
const i18n = createI18n();

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');

const render = () =>
  ReactDOM.createRoot(rootElement).render(
    <StrictMode>
      <Providers store={store} i18n={i18n}>
        <BrowserRouter future={ROUTER_FUTURE}>
          <App />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );

// The landing page's chunk downloads with this one (index.html preloads it): rendering once it is in makes the first
// paint the page itself rather than a spinner that the page replaces a moment later (decision 1301).
void preloadFirstScreen(window.location.pathname).finally(render);
