import { MATCHMAKING_MESSAGES } from '@skillduel/contracts';
import type { TranslationResource } from '../../i18n/en';

/**
 * The searching state of Find opponent (docs/product/matchmaking.md#find-opponent). Server messages: English is the
 * source, verbatim.
 */
export const matchmakingEn = {
  subtitle: 'Finding an opponent',
  opponentPending: 'Searching…',
  searching: {
    title: 'Searching for an opponent…',
    stake: 'Your stake: {{bet}} (in escrow until the match, refunded if you cancel)',
    elapsed: 'Time searching',
    window: 'Rating range',
    searchingNow: 'Searching this game',
    windowHint: 'Opponents rated {{min}}–{{max}}; the range widens the longer you wait.',
    cancel: 'Cancel search',
  },
  found: {
    title: 'Opponent found!',
    text: 'Opening your {{bet}} match…',
    elsewhere: 'Your {{bet}} match is ready in the tab where you searched.',
    open: 'Open the room',
  },
  expired: {
    title: 'No opponent found',
    text: 'Nobody matched your rating and stake in {{time}}. Try again, or pick another stake.',
    refund: 'Your stake of {{amount}} was refunded to your balance.',
    ok: 'OK',
  },
  figures: {
    perGame: '{{searching}} searching · {{playing}} playing',
    liveMatches: 'Live matches',
  },
  toast: {
    cancelled: 'Search cancelled. Your stake of {{amount}} was refunded.',
    enterFailed: 'Could not start searching',
    cancelFailed: 'Could not cancel the search',
  },
  serverMessages: {
    alreadyQueued: MATCHMAKING_MESSAGES.alreadyQueued,
    notQueued: MATCHMAKING_MESSAGES.notQueued,
    alreadyMatched: MATCHMAKING_MESSAGES.alreadyMatched,
  },
} as const;

export const matchmakingEs: TranslationResource<typeof matchmakingEn> = {
  subtitle: 'Buscando oponente',
  opponentPending: 'Buscando…',
  searching: {
    title: 'Buscando un oponente…',
    stake: 'Tu apuesta: {{bet}} (retenida hasta la partida, se devuelve si cancelas)',
    elapsed: 'Tiempo buscando',
    window: 'Rango de puntuación',
    searchingNow: 'Buscando este juego',
    windowHint: 'Oponentes con puntuación {{min}}–{{max}}; el rango se amplía cuanto más esperas.',
    cancel: 'Cancelar búsqueda',
  },
  found: {
    title: '¡Oponente encontrado!',
    text: 'Abriendo tu partida de {{bet}}…',
    elsewhere: 'Tu partida de {{bet}} está lista en la pestaña donde buscaste.',
    open: 'Abrir la sala',
  },
  expired: {
    title: 'No se encontró oponente',
    text: 'Nadie coincidió con tu puntuación y tu apuesta en {{time}}. Inténtalo de nuevo o elige otra apuesta.',
    refund: 'Tu apuesta de {{amount}} se devolvió a tu saldo.',
    ok: 'Aceptar',
  },
  figures: {
    perGame: '{{searching}} buscando · {{playing}} jugando',
    liveMatches: 'Partidas en vivo',
  },
  toast: {
    cancelled: 'Búsqueda cancelada. Se te devolvió tu apuesta de {{amount}}.',
    enterFailed: 'No se pudo empezar a buscar',
    cancelFailed: 'No se pudo cancelar la búsqueda',
  },
  serverMessages: {
    alreadyQueued: 'Ya estás buscando un oponente',
    notQueued: 'No estás buscando un oponente',
    alreadyMatched: 'Ya se encontró un oponente: tu partida está lista',
  },
};
