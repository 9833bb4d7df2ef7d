import type { TranslationResource } from '../../i18n/en';

/**
 * Strings of the live room (real rooms) that the game room does not already have; the spec's own
 * labels (Ready to Play?, Start Game, You Won!, …) are shared with it under `gameRoom`.
 */
export const liveRoomEn = {
  reconnecting: 'Reconnecting…',
  reconnectingHint: 'The connection dropped. Everything resumes as soon as it is back.',
  joining: 'Joining the room...',
  players: {
    player1: 'Player 1',
    player2: 'Player 2',
  },
  waiting: {
    waitingForOpponent: 'Waiting for an opponent to join...',
    stake: 'Each player bets {{bet}}. The winner takes {{pot}}.',
    readyLabel: 'Who is ready',
    isReady: '{{username}}: ready',
    notReady: '{{username}}: not ready yet',
    you: 'You',
    youAreReady: 'You are ready. The game starts when your opponent presses Start Game too.',
    pressStart: 'Press Start Game when you are ready.',
    openSeat: 'Open seat',
  },
  countdown: {
    seedHash: 'Provably fair: seed hash {{hash}}',
  },
  playing: {
    loading: 'Loading the game...',
    rejected: 'That input was not accepted.',
    unsupported: 'This game cannot be shown in this version of the app.',
  },
  spectator: {
    banner: "You're watching as a guest. Sign up to chat, play and bet real money.",
    signUp: 'Sign Up',
    waitingTitle: 'The match has not started yet',
    waitingText: 'It starts when both players press Start Game.',
    liveTitle: 'Live match',
    liveText: 'Scores update as they play.',
    playerStatus: {
      playing: 'Playing',
      completed: 'Completed',
      out: 'Out',
    },
  },
  presence: {
    spectators_one: '{{count}} watching',
    spectators_other: '{{count}} watching',
    disconnected: '{{username}} lost the connection and has {{count}} s to come back.',
    scores: '{{first}} {{firstScore}}, {{second}} {{secondScore}}',
  },
  finished: {
    void: 'Match void',
    voidText: 'This round did not count.',
    refunded: 'Your bet of {{amount}} was refunded.',
    winnerIs: '{{username}} won!',
    forfeit: 'Decided by forfeit.',
    seedTitle: 'Provably fair',
    seed: 'Seed',
    seedHash: 'Seed hash',
    seedHint:
      'The seed hash was shown before the start: the seed, and with it the whole game, was fixed before anyone played.',
    playAgainStake: 'Play Again bets {{bet}} again.',
    playAgainFor: 'Play again for {{bet}}',
    waitingPlayAgain: 'Waiting for {{username}} to confirm Play Again...',
    opponentWantsAgain: '{{username}} wants to play again!',
    payoutHeld: 'Payout held for review',
    payoutHeldText:
      'A fair-play check flagged this round, so nobody has been paid yet: both bets wait in escrow. Support will release the payout or refund both bets, and your History will say why.',
  },
  cancelled: {
    title: 'This room was closed',
    text: 'Any bet in it was refunded.',
  },
  toast: {
    tie: "It's a tie! Your bet was refunded.",
    void: 'The round was void. Your bet was refunded.',
    refunded: 'Your stake of {{amount}} was refunded.',
    payoutHeld: 'You won. The payout is held for a fair-play review.',
  },
} as const;

export const liveRoomEs: TranslationResource<typeof liveRoomEn> = {
  reconnecting: 'Reconectando…',
  reconnectingHint: 'Se perdió la conexión. Todo continúa en cuanto vuelva.',
  joining: 'Entrando en la sala...',
  players: {
    player1: 'Jugador 1',
    player2: 'Jugador 2',
  },
  waiting: {
    waitingForOpponent: 'Esperando a que se una un rival...',
    stake: 'Cada jugador apuesta {{bet}}. El ganador se lleva {{pot}}.',
    readyLabel: 'Quién está listo',
    isReady: '{{username}}: listo',
    notReady: '{{username}}: aún no está listo',
    you: 'Tú',
    youAreReady: 'Estás listo. La partida empieza cuando tu rival también pulse Empezar partida.',
    pressStart: 'Pulsa Empezar partida cuando estés listo.',
    openSeat: 'Plaza libre',
  },
  countdown: {
    seedHash: 'Juego limpio demostrable: hash de la semilla {{hash}}',
  },
  playing: {
    loading: 'Cargando el juego...',
    rejected: 'Esa jugada no se aceptó.',
    unsupported: 'Este juego no se puede mostrar en esta versión de la aplicación.',
  },
  spectator: {
    banner: 'Estás mirando como invitado. Regístrate para chatear, jugar y apostar dinero real.',
    signUp: 'Regístrate',
    waitingTitle: 'La partida aún no ha empezado',
    waitingText: 'Empieza cuando ambos jugadores pulsen Empezar partida.',
    liveTitle: 'Partida en vivo',
    liveText: 'Las puntuaciones se actualizan mientras juegan.',
    playerStatus: {
      playing: 'Jugando',
      completed: 'Terminó',
      out: 'Eliminado',
    },
  },
  presence: {
    spectators_one: '{{count}} mirando',
    spectators_other: '{{count}} mirando',
    disconnected: '{{username}} perdió la conexión y tiene {{count}} s para volver.',
    scores: '{{first}} {{firstScore}}, {{second}} {{secondScore}}',
  },
  finished: {
    void: 'Partida anulada',
    voidText: 'Esta ronda no cuenta.',
    refunded: 'Se te devolvió tu apuesta de {{amount}}.',
    winnerIs: '¡Ganó {{username}}!',
    forfeit: 'Decidida por abandono.',
    seedTitle: 'Juego limpio demostrable',
    seed: 'Semilla',
    seedHash: 'Hash de la semilla',
    seedHint:
      'El hash de la semilla se mostró antes del inicio: la semilla, y con ella todo el juego, quedó fijada antes de jugar.',
    playAgainStake: 'Jugar de nuevo vuelve a apostar {{bet}}.',
    playAgainFor: 'Jugar de nuevo por {{bet}}',
    waitingPlayAgain: 'Esperando a que {{username}} confirme Jugar de nuevo...',
    opponentWantsAgain: '¡{{username}} quiere jugar de nuevo!',
    payoutHeld: 'Pago retenido para revisión',
    payoutHeldText:
      'Un control de juego limpio marcó esta ronda, así que todavía no se pagó a nadie: las dos apuestas esperan en depósito. Soporte liberará el pago o devolverá ambas apuestas, y tu Historial dirá por qué.',
  },
  cancelled: {
    title: 'Esta sala se cerró',
    text: 'Cualquier apuesta en ella se devolvió.',
  },
  toast: {
    tie: '¡Empate! Se te devolvió la apuesta.',
    void: 'La ronda se anuló. Se te devolvió la apuesta.',
    refunded: 'Se te devolvió tu apuesta de {{amount}}.',
    payoutHeld: 'Ganaste. El pago queda retenido para una revisión de juego limpio.',
  },
};
