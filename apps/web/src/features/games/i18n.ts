import type { GameId } from '@skillduel/contracts';

/**
 * The built-in games' names and one-line descriptions in each language, by game id. The catalogue API answers the
 * English ones; the screens show these so a Spanish screen names its games in Spanish and every screen (landing page
 * included) uses the catalogue's names.
 */
export const gameTextEn: { names: Record<GameId, string>; descriptions: Record<GameId, string> } = {
  names: {
    'quick-click': 'Quick Click',
    'number-rush': 'Number Rush',
    'memory-master': 'Memory Master',
    'pattern-pro': 'Pattern Pro',
    'word-wizard': 'Word Wizard',
    'reaction-time': 'Reaction Time',
    'color-match': 'Color Match',
  },
  descriptions: {
    'quick-click': 'Click as fast as you can. First to hit the target wins.',
    'number-rush': 'Solve quick arithmetic. Every correct answer scores 10 points.',
    'memory-master': 'Watch the colour sequence and repeat it. Five rounds, one mistake ends your run.',
    'pattern-pro': 'Find the missing piece of each pattern. Streaks score more.',
    'word-wizard': 'Unscramble as many words as you can before time runs out.',
    'reaction-time': 'Wait for green, then click. Five rounds; faster reactions score more.',
    'color-match': 'Match colours and words under pressure. Streaks score more.',
  },
};

export const gameTextEs: typeof gameTextEn = {
  names: {
    'quick-click': 'Clic Rápido',
    'number-rush': 'Carrera de Números',
    'memory-master': 'Maestro de la Memoria',
    'pattern-pro': 'Patrones Pro',
    'word-wizard': 'Mago de las Palabras',
    'reaction-time': 'Tiempo de Reacción',
    'color-match': 'Combina Colores',
  },
  descriptions: {
    'quick-click': 'Haz clic lo más rápido que puedas. Gana quien alcance antes el objetivo.',
    'number-rush': 'Resuelve cuentas rápidas. Cada respuesta correcta suma 10 puntos.',
    'memory-master': 'Observa la secuencia de colores y repítela. Cinco rondas; un error termina tu intento.',
    'pattern-pro': 'Encuentra la pieza que falta en cada patrón. Las rachas suman más.',
    'word-wizard': 'Ordena tantas palabras desordenadas como puedas antes de que acabe el tiempo.',
    'reaction-time': 'Espera al verde y haz clic. Cinco rondas; cuanto más rápido reacciones, más puntos.',
    'color-match': 'Relaciona colores y palabras bajo presión. Las rachas suman más.',
  },
};
