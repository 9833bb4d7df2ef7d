import { useEffect } from 'react';

/** CSS variables with the heights of the fixed chrome, for what must stay clear of it (the toasts). */
const CHROME_TOP_VAR = '--chrome-top';
const CHROME_BOTTOM_VAR = '--chrome-bottom';

/**
 * Keeps `--chrome-top` (the sticky top bar) and `--chrome-bottom` (the phone's bottom nav, 0 when hidden) up to date on
 * the document, in pixels: toasts are placed past them so they never hide the balance, bell, switches, avatar,
 * Logout or the navigation: a toast never hides a control. Unset when the layout goes away: the landing page sets its
 * own (styles.css).
 */
export function useChromeInsets(): void {
  useEffect(() => {
    const root = document.documentElement;
    const measure = () => {
      const topBar = document.querySelector<HTMLElement>('.top-bar');
      const bottomNav = document.querySelector<HTMLElement>('.bottom-nav');
      root.style.setProperty(CHROME_TOP_VAR, `${topBar?.offsetHeight ?? 0}px`);
      root.style.setProperty(CHROME_BOTTOM_VAR, `${bottomNav?.offsetHeight ?? 0}px`);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    for (const selector of ['.top-bar', '.bottom-nav']) {
      const element = document.querySelector(selector);
      if (element) observer?.observe(element);
    }
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
      root.style.removeProperty(CHROME_TOP_VAR);
      root.style.removeProperty(CHROME_BOTTOM_VAR);
    };
  }, []);
}
