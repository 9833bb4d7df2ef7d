import { CirclePause } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useMoneyPlayBlock } from './moneyPlayBlock';
import './responsible-gaming.css';

/**
 * The lasting notice of a break or a freeze (docs/product/player-protection.md#breaks): shown on every screen while
 * real-money play is paused, with the end date in the app's one format, so nobody learns it from a refused click.
 */
export function MoneyPlayBanner() {
  const { t } = useTranslation();
  const block = useMoneyPlayBlock({ recheck: true });
  if (!block) return null;
  return (
    <div className="banner rg-paused-banner" role="status" data-testid="money-paused-banner" data-kind={block.kind}>
      <CirclePause aria-hidden="true" size={20} />
      <p>
        <strong>{t('rg.paused.label')}</strong> {block.banner}
      </p>
    </div>
  );
}
