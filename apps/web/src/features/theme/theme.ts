import { readStorage, STORAGE_KEYS, writeStorage } from '../../app/storage';

const THEMES = ['dark', 'light'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';

function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The theme stored under `theme`, else dark (docs/product/app-and-api.md#theme). */
export function readStoredTheme(): Theme {
  const stored = readStorage(STORAGE_KEYS.theme);
  return isTheme(stored) ? stored : DEFAULT_THEME;
}

/** Writes the theme back and puts its class (`dark` / `light`) on the document root. */
export function applyTheme(theme: Theme): void {
  writeStorage(STORAGE_KEYS.theme, theme);
  const root = document.documentElement;
  for (const other of THEMES) root.classList.toggle(other, other === theme);
  root.style.colorScheme = theme;
}
