import { LIMITS } from '@skillduel/contracts';
import { Suspense, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageSync } from '../features/language/hooks';
import { useSessionStart } from '../features/session/hooks';
import { useThemeSync } from '../features/theme/hooks';
import { selectTheme } from '../features/theme/themeSlice';
import { useAppSelector } from './hooks';
import { AppRoutes } from './router';
import { Toaster } from './toast';

/** Where the phone layout starts (the bottom nav appears): toasts go to the bottom there, above the nav. */
const NARROW_QUERY = '(max-width: 768px)';

function subscribeNarrow(onChange: () => void): () => void {
  const query = window.matchMedia?.(NARROW_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribeNarrow,
    () => window.matchMedia?.(NARROW_QUERY).matches ?? false,
    () => false,
  );
}

/*
 * Toasts never hide the top bar's controls or the bottom nav, and never sit on each other (issue 13): below the top
 * bar on a wide screen, above the bottom nav on a phone (the chrome's heights come from useChromeInsets), expanded
 * into a list.
 */
const TOAST_OFFSET = {
  top: 'calc(var(--chrome-top, 0px) + 8px)',
  bottom: 'calc(var(--chrome-bottom, 0px) + var(--floating-clearance, 0px) + 8px)',
  left: '16px',
  right: '16px',
};
const TOAST_MOBILE_OFFSET = { ...TOAST_OFFSET, left: '12px', right: '12px' };

export function App() {
  useThemeSync();
  useLanguageSync();
  useSessionStart();
  const { t } = useTranslation();
  const theme = useAppSelector(selectTheme);
  const narrow = useNarrowScreen();
  return (
    <>
      <AppRoutes />
      {/* Nothing to show until the first toast: no fallback while sonner loads. */}
      <Suspense fallback={null}>
        <Toaster
          theme={theme}
          position={narrow ? 'bottom-center' : 'top-center'}
          offset={TOAST_OFFSET}
          mobileOffset={TOAST_MOBILE_OFFSET}
          expand
          gap={8}
          duration={LIMITS.toastDurationMs}
          closeButton
          richColors
          containerAriaLabel={t('common.noticesRegion')}
          toastOptions={{ closeButtonAriaLabel: t('common.closeNotice') }}
        />
      </Suspense>
    </>
  );
}

export default App;
