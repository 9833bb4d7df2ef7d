import { WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useRealtimeStatus } from '../../../app/realtime';

/**
 * 'Reconnecting…' while the tab's socket is down and retrying. The status region is always in the page
 * (empty when connected), so assistive technology announces the change when it appears.
 */
export function ReconnectingNotice() {
  const { t } = useTranslation();
  const status = useRealtimeStatus();
  const reconnecting = status === 'reconnecting';
  return (
    <div role="status" className={reconnecting ? 'banner reconnecting-banner' : 'visually-hidden'}>
      {reconnecting && (
        <p data-testid="reconnecting">
          <WifiOff aria-hidden="true" size={18} />
          <strong>{t('liveRoom.reconnecting')}</strong> <span className="muted">{t('liveRoom.reconnectingHint')}</span>
        </p>
      )}
    </div>
  );
}
