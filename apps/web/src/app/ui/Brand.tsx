import { Swords } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

export function Brand({ to }: { to: string }) {
  const { t } = useTranslation();
  return (
    <Link to={to} className="brand">
      <Swords aria-hidden="true" size={24} className="brand-icon" />
      <span>{t('common.brand')}</span>
    </Link>
  );
}
