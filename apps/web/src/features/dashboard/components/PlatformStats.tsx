import { useTranslation } from 'react-i18next';

/**
 * Platform stats (docs/product/rooms-and-matches.md#dashboard): games count, rooms count, online players (signed-in
 * users connected, from the pushed lobby figures; the rooms' spectators until they arrive) and live matches (once the
 * figures are known).
 */
export function PlatformStats({
  games,
  rooms,
  online,
  liveMatches,
}: {
  games: number;
  rooms: number;
  online: number;
  liveMatches?: number;
}) {
  const { t } = useTranslation();
  const stats = [
    { id: 'games', label: t('dashboard.platform.games'), value: games },
    { id: 'rooms', label: t('dashboard.platform.rooms'), value: rooms },
    { id: 'online', label: t('dashboard.platform.online'), value: online },
    ...(liveMatches === undefined
      ? []
      : [{ id: 'live', label: t('matchmaking.figures.liveMatches'), value: liveMatches }]),
  ];
  return (
    <section className="card dash-platform" aria-label={t('dashboard.platform.label')}>
      <dl>
        {stats.map((stat) => (
          <div key={stat.id} data-testid={`platform-${stat.id}`}>
            <dt>{stat.label}</dt>
            <dd>{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
