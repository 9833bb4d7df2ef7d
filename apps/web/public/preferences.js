// Applies the stored theme and language before the first paint, so a light-theme visitor never sees a dark
// flash. A plain file (not inline) so a strict Content-Security-Policy (script-src 'self') still allows it.
// Keep in step with src/features/theme/theme.ts and src/i18n/index.ts.
(function applyStoredPreferences() {
  let theme = 'dark';
  let lang = 'en';
  try {
    const storedTheme = window.localStorage.getItem('theme');
    if (storedTheme === 'dark' || storedTheme === 'light') theme = storedTheme;
    const storedLang = window.localStorage.getItem('lang');
    if (storedLang === 'en' || storedLang === 'es') lang = storedLang;
  } catch {
    // Storage unavailable: the defaults apply.
  }
  const root = document.documentElement;
  root.classList.remove('dark', 'light');
  root.classList.add(theme);
  root.style.colorScheme = theme;
  root.lang = lang;
})();
