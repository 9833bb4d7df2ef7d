import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { applyTheme } from './theme';
import { selectTheme } from './themeSlice';

/** Keeps the document root's class and the stored `theme` value in step with the store. */
export function useThemeSync(): void {
  const theme = useAppSelector(selectTheme);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
}
