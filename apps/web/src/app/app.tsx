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
          position="top-right"
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
