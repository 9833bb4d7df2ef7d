import type { TranslationResource } from '../../i18n/en';

/** Disputing a finished match from History → Details. English is the source. */
export const disputesEn = {
  title: 'Something wrong with this match?',
  intro: 'You can ask our team to review a finished match within 72 hours. Tell us what happened.',
  reason: 'What went wrong',
  submit: 'Dispute this result',
  sending: 'Sending...',
  sent: 'Your dispute was sent. We will review the match and tell you our decision here.',
  status: {
    open: 'Under review since {{date}}.',
    upheld: 'Reviewed: the result stands. {{note}}',
    voided: 'Reviewed: the match was voided and both stakes returned. {{note}}',
    awarded: 'Reviewed: the result was reversed and the pot paid to the other player. {{note}}',
  },
};

export const disputesEs: TranslationResource<typeof disputesEn> = {
  title: '¿Algo salió mal en esta partida?',
  intro: 'Puedes pedir a nuestro equipo que revise una partida terminada en un plazo de 72 horas. Cuéntanos qué pasó.',
  reason: 'Qué salió mal',
  submit: 'Reclamar este resultado',
  sending: 'Enviando...',
  sent: 'Tu reclamación se envió. Revisaremos la partida y te contaremos la decisión aquí.',
  status: {
    open: 'En revisión desde el {{date}}.',
    upheld: 'Revisada: el resultado se mantiene. {{note}}',
    voided: 'Revisada: la partida se anuló y se devolvieron ambas apuestas. {{note}}',
    awarded: 'Revisada: el resultado se invirtió y el bote se pagó al otro jugador. {{note}}',
  },
};
