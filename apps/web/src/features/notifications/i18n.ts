import { NOTIFICATION_TEXTS } from '@skillduel/contracts';
import type { TranslationResource } from '../../i18n/en';

/** The bell's list (docs/product/leaderboard.md#notifications). The bell's own labels are under topBar. */
export const notificationsEn = {
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unread: 'Unread',
  types: { challenge: 'Challenge', win: 'Win', level: 'Level up', tournament: 'Tournament' },
  wonTitle: NOTIFICATION_TEXTS.wonTitle,
  won: 'You won {{payout}} ({{net}} net).',
};

export const notificationsEs: TranslationResource<typeof notificationsEn> = {
  markAllRead: 'Marcar todo como leído',
  markRead: 'Marcar como leído',
  unread: 'No leído',
  types: { challenge: 'Desafío', win: 'Victoria', level: 'Subida de nivel', tournament: 'Torneo' },
  wonTitle: '¡Ganaste!',
  won: 'Ganaste {{payout}} ({{net}} netos).',
};
