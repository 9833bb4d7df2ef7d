import { useTranslation } from 'react-i18next';
import { isKnownStatus, statusTone } from '../roomStatus';

/** The status in words and colour (the colour alone never carries it). */
export function RoomStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const tone = statusTone(status);
  return (
    <span className={`room-status room-status-${tone}`} data-testid="room-status" data-tone={tone}>
      <span className="room-status-dot" aria-hidden="true" />
      {isKnownStatus(status) ? t(`dashboard.rooms.statuses.${status}`) : status}
    </span>
  );
}
