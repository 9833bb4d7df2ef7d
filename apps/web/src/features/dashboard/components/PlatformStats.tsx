import { useTranslation } from 'react-i18next';

/** SPEC §2 platform stats: games count, rooms count, online players (the sum of the rooms' spectators). */
export function PlatformStats({ games, rooms, online }: { games: number; rooms: number; online: number }) {
  const { t } = useTranslation();
  const stats = [
    { id: 'games', label: t('dashboard.platform.games'), value: games },
    { id: 'rooms', label: t('dashboard.platform.rooms'), value: rooms },
    { id: 'online', label: t('dashboard.platform.online'), value: online },
  ] as const;
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
