import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_THEME, type Theme } from './theme';

interface ThemeState {
  theme: Theme;
}

const initialState: ThemeState = { theme: DEFAULT_THEME };

export const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    themeToggled(state) {
      state.theme = state.theme === 'dark' ? 'light' : 'dark';
    },
    themeChosen(state, action: PayloadAction<Theme>) {
      state.theme = action.payload;
    },
  },
  selectors: {
    selectTheme: (state) => state.theme,
  },
});

export const { themeToggled } = themeSlice.actions;
export const { selectTheme } = themeSlice.selectors;
