import { LIMITS } from '@skillduel/contracts';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';
import { useLanguageSync } from '../features/language/hooks';
import { useSessionStart } from '../features/session/hooks';
import { useThemeSync } from '../features/theme/hooks';
import { selectTheme } from '../features/theme/themeSlice';
import { useAppSelector } from './hooks';
import { AppRoutes } from './router';

export function App() {
  useThemeSync();
  useLanguageSync();
  useSessionStart();
  const { t } = useTranslation();
  const theme = useAppSelector(selectTheme);
  return (
    <>
      <AppRoutes />
      <Toaster
        theme={theme}
        position="top-right"
        duration={LIMITS.toastDurationMs}
        closeButton
        richColors
        containerAriaLabel={t('common.noticesRegion')}
        toastOptions={{ closeButtonAriaLabel: t('common.closeNotice') }}
      />
    </>
  );
}

export default App;
