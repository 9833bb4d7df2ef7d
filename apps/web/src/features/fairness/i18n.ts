/** The in-browser fairness check of a finished round (FairnessCheck). */
export const fairnessEn = {
  checking: 'Checking this round in your browser...',
  unavailable: 'This browser cannot check the round (no Web Crypto).',
  seedHidden: 'The seed is revealed when the round ends.',
  seedOk: 'Checked in your browser: sha256(seed) equals the hash published before the start.',
  seedBad: 'sha256(seed) does NOT equal the hash published before the start.',
  replayOk_one: 'Scores recomputed in your browser from the seed and {{count}} logged input: {{scores}}.',
  replayOk_other: 'Scores recomputed in your browser from the seed and {{count}} logged inputs: {{scores}}.',
  replayBad: 'Scores recomputed in your browser ({{recomputed}}) differ from the published ones ({{published}}).',
  /** A round held for a fair-play review (decision 1802), as the players read it. */
  review: {
    status: {
      held: 'Held for review: nobody has been paid yet, both bets are in escrow.',
      released: 'Released by support: the round was paid as played.',
      voided: 'Voided by support: both bets were refunded.',
    },
    reasonsTitle: 'Why it was held',
    reasons: {
      machine_regular: 'Inputs came at a machine-steady rhythm',
      reaction_floor_cluster: 'Reactions clustered just above the human limit',
      superhuman_accuracy: 'Accuracy and speed together beyond a human profile',
      superhuman_rate: 'Clicking faster than people can sustain',
      no_input: 'A player never made a move',
      beyond_human_profile: 'The winner’s play over many rounds is beyond the human reference',
    },
    note: 'Support’s note',
    decidedAt: 'Decided on {{date}}',
  },
};

export const fairnessEs: typeof fairnessEn = {
  checking: 'Comprobando esta ronda en tu navegador...',
  unavailable: 'Este navegador no puede comprobar la ronda (sin Web Crypto).',
  seedHidden: 'La semilla se revela al terminar la ronda.',
  seedOk: 'Comprobado en tu navegador: sha256(semilla) coincide con el hash publicado antes del inicio.',
  seedBad: 'sha256(semilla) NO coincide con el hash publicado antes del inicio.',
  replayOk_one:
    'Puntuaciones recalculadas en tu navegador a partir de la semilla y {{count}} entrada registrada: {{scores}}.',
  replayOk_other:
    'Puntuaciones recalculadas en tu navegador a partir de la semilla y {{count}} entradas registradas: {{scores}}.',
  replayBad:
    'Las puntuaciones recalculadas en tu navegador ({{recomputed}}) difieren de las publicadas ({{published}}).',
  review: {
    status: {
      held: 'Retenida para revisión: todavía no se pagó a nadie, las dos apuestas están en depósito.',
      released: 'Liberada por soporte: la ronda se pagó según se jugó.',
      voided: 'Anulada por soporte: se devolvieron ambas apuestas.',
    },
    reasonsTitle: 'Por qué se retuvo',
    reasons: {
      machine_regular: 'Las entradas llegaron a un ritmo constante de máquina',
      reaction_floor_cluster: 'Reacciones agrupadas justo por encima del límite humano',
      superhuman_accuracy: 'Precisión y velocidad juntas más allá de un perfil humano',
      superhuman_rate: 'Hacer clic más rápido de lo que una persona puede sostener',
      no_input: 'Un jugador nunca hizo un movimiento',
      beyond_human_profile: 'El juego del ganador a lo largo de muchas rondas supera la referencia humana',
    },
    note: 'Nota de soporte',
    decidedAt: 'Decidido el {{date}}',
  },
};
