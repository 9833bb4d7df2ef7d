import { combineSlices, configureStore, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { loadStoredSession } from '../features/session/sessionStorage';
import { sessionSlice } from '../features/session/sessionSlice';
import { readStoredTheme } from '../features/theme/theme';
import { themeSlice } from '../features/theme/themeSlice';
import { api } from './api';

const rootReducer = combineSlices(api, sessionSlice, themeSlice);

export type RootState = ReturnType<typeof rootReducer>;

/**
 * What the browser remembers: session and theme (docs/product/accounts.md#session-in-the-browser). Read when a store is
 * made, not at import.
 */
function loadPersistedState(): Partial<RootState> {
  return {
    session: loadStoredSession(),
    theme: { theme: readStoredTheme() },
  };
}

/** Makes a new store. The app makes one; every test makes its own. */
export function setupStore(preloadedState: Partial<RootState> = loadPersistedState()) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<ReturnType = void> = ThunkAction<ReturnType, RootState, unknown, UnknownAction>;
