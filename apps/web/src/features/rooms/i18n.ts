import { REALTIME_MESSAGES, ROOM_MESSAGES } from '@skillduel/contracts';
import type { TranslationResource } from '../../i18n/en';

/** The room messages the server words with @skillduel/contracts (English is the source, verbatim). */
export const roomsEn = {
  serverMessages: {
    chooseGame: ROOM_MESSAGES.chooseGame,
    betNotAllowed: ROOM_MESSAGES.betNotAllowed,
    roomNotJoinable: ROOM_MESSAGES.roomNotJoinable,
    ownRoom: ROOM_MESSAGES.ownRoom,
    wrongPassword: ROOM_MESSAGES.wrongPassword,
    passwordRequired: ROOM_MESSAGES.passwordRequired,
    notInRoom: ROOM_MESSAGES.notInRoom,
    maxPlayers: ROOM_MESSAGES.maxPlayers,
    roomCancelled: ROOM_MESSAGES.roomCancelled,
    betBelowMin: ROOM_MESSAGES.betBelowMin('{{amount}}'),
    betAboveMax: ROOM_MESSAGES.betAboveMax('{{amount}}'),
    tooManyOpenRooms: ROOM_MESSAGES.tooManyOpenRooms(0).replace('0', '{{count}}'),
  },
  /** Every realtime message of the contract (new ones included), plus the client's own timeout. */
  realtimeMessages: {
    ...REALTIME_MESSAGES,
    timeout: 'No answer from the server. Please try again.',
  },
} as const;

export const roomsEs: TranslationResource<typeof roomsEn> = {
  serverMessages: {
    chooseGame: 'Elige un juego',
    betNotAllowed: 'Las apuestas no están habilitadas para tu cuenta',
    roomNotJoinable: 'Esta sala ya no admite jugadores',
    ownRoom: 'No puedes unirte a tu propia sala',
    wrongPassword: 'Contraseña de sala incorrecta',
    passwordRequired: 'Escribe una contraseña de sala (de 6 a 64 caracteres) para una sala privada',
    notInRoom: 'No eres jugador de esta sala',
    maxPlayers: 'Las salas son para 2 jugadores',
    roomCancelled: 'La sala se cerró y se te devolvió la apuesta',
    betBelowMin: 'La apuesta mínima de este juego es ${{amount}}',
    betAboveMax: 'La apuesta máxima de este juego es ${{amount}}',
    tooManyOpenRooms: 'Puedes tener como máximo {{count}} salas abiertas a la vez',
  },
  realtimeMessages: {
    // Messages the contract adds later show in English until they are translated here.
    ...REALTIME_MESSAGES,
    invalidPayload: 'Solicitud no válida',
    guestPlay: '¡Regístrate para unirte a partidas y apostar dinero real!',
    notInRoom: 'No eres jugador de esta sala',
    notWatching: 'Primero entra en la sala',
    notReadyState: 'La partida no puede empezar ahora',
    playAgainState: 'Jugar de nuevo solo es posible al terminar una ronda',
    notPlaying: 'La partida no está en juego',
    sessionRevoked: 'Tu sesión terminó. Vuelve a iniciar sesión.',
    tooManyRooms: 'Estás viendo demasiadas salas a la vez',
    opponentLeft: 'Tu rival salió de la sala',
    opponentCannotAfford: 'Tu rival no tiene saldo suficiente para otra ronda',
    chatTooLong: 'Los mensajes pueden tener como máximo 200 caracteres',
    chatForbiddenCharacters: 'Los mensajes no pueden contener caracteres de control ni de dirección del texto',
    chatDisabled: 'El chat está desactivado',
    unknownEmote: 'Emoticono desconocido',
    unavailable: 'El servicio no está disponible en este momento. Inténtalo de nuevo en un momento.',
    internal: 'Error del servidor. Inténtalo de nuevo más tarde.',
    roomServerStopped: 'El servidor que ejecutaba esta partida se detuvo; se te está devolviendo la apuesta.',
    timeout: 'El servidor no respondió. Inténtalo de nuevo.',
  },
};
