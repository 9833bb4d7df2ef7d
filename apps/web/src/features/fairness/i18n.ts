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
};
