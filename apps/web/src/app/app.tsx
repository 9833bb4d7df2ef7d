import { LIMITS } from '@skillduel/contracts';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageSync } from '../features/language/hooks';
import { useSessionStart } from '../features/session/hooks';
import { useThemeSync } from '../features/theme/hooks';
import { selectTheme } from '../features/theme/themeSlice';
import { useAppSelector } from './hooks';
import { AppRoutes } from './router';
import { Toaster } from './toast';

/*
 * Toasts never hide a control: at the top, just below the top bar, on every screen, stacked into a list so
 * two never overlap. Not at the bottom on a phone: there they covered what a player reaches for there (the result's
 * Play again / Leave, the answer field above the keyboard, the chat drawer); under the top bar is the page's heading.
 * The top bar's height comes from useChromeInsets.
 */
const TOAST_OFFSET = { top: 'calc(var(--chrome-top, 0px) + 8px)', left: '16px', right: '16px' };
const TOAST_MOBILE_OFFSET = { ...TOAST_OFFSET, left: '12px', right: '12px' };

export function App() {
  useThemeSync();
  useLanguageSync();
  useSessionStart();
  const { t } = useTranslation();
  const theme = useAppSelector(selectTheme);
  return (
    <>
      <AppRoutes />
      {/* Nothing to show until the first toast: no fallback while sonner loads. */}
      <Suspense fallback={null}>
        <Toaster
          theme={theme}
          position="top-center"
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
