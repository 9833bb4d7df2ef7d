import type { TranslationResource } from '../../i18n/en';

/** Identity verification's strings (docs/product/kyc.md): the profile's card and the money forms' explanation. */
export const kycEn = {
  title: 'Verify your identity',
  intro:
    'Before money leaves SkillDuel we check who you are with an identity provider: a photo of an ID document and a quick selfie. Your date of birth must match the one you declared.',
  when: {
    withdrawal:
      'You will be asked when your withdrawals add up to more than ${{amount}}. Verifying now avoids a wait when you cash out.',
    deposit: 'Verification is needed before your first deposit and before any withdrawal.',
    play: 'Verification is needed before you deposit, play for money or withdraw.',
  },
  tierLabel: 'Verification level',
  tiers: {
    none: 'Not started',
    basic: 'Basic',
    verified: 'Verified',
    enhanced: 'Enhanced',
  },
  statusLabel: 'Status',
  statuses: {
    none: 'Not started',
    pending: 'In progress',
    approved: 'Approved',
    rejected_retry: 'Not accepted: please try again',
    rejected_final: 'Not accepted',
    needs_review: 'Being reviewed by support',
    expired: 'Expired: please start again',
  },
  next: {
    verify_email: 'Verify your email address first (Security tab).',
    declare_eligibility: 'Confirm your date of birth and country first (you are asked at your first deposit).',
    start_verification: 'Start the check: it takes a few minutes.',
    wait_for_provider: 'Your check is in progress. Come back here to see the result.',
    wait_for_support: 'Support is reviewing your documents. We will update this page when they decide.',
    contact_support: 'Please contact support about your verification.',
    source_of_funds: 'Your identity is verified. Large deposits also need support to review your source of funds.',
  },
  start: 'Verify your identity',
  retry: 'Start a new check',
  starting: 'Opening the check…',
  startFailed: 'The check could not be started. Please try again.',
  refresh: 'Check the status',
  required: {
    title: 'Identity verification needed',
    verified: {
      policy: 'This operator verifies every player before this money action.',
      cumulative_withdrawals:
        'Your withdrawals would add up to more than the amount allowed before verification. Verify your identity, then withdraw.',
      identity_not_confirmed:
        'Your identity check was not accepted or is being reviewed, so withdrawals are paused until it is resolved.',
      deposits_30d: 'Please verify your identity before this deposit.',
      default: 'Please verify your identity before this.',
    },
    basic: 'Please verify your email and confirm your date of birth and country first.',
    enhanced:
      'This deposit takes your last 30 days above the amount allowed without a source-of-funds review by support.',
    nothingMoved: 'Nothing was moved. Your balance is unchanged.',
  },
};

export const kycEs: TranslationResource['kyc'] = {
  title: 'Verifica tu identidad',
  intro:
    'Antes de que el dinero salga de SkillDuel comprobamos quién eres con un proveedor de identidad: una foto de un documento y un selfi rápido. Tu fecha de nacimiento debe coincidir con la que declaraste.',
  when: {
    withdrawal: 'Te lo pediremos cuando tus retiros sumen más de ${{amount}}. Verificar ahora evita esperas al cobrar.',
    deposit: 'La verificación es necesaria antes de tu primer depósito y de cualquier retiro.',
    play: 'La verificación es necesaria antes de depositar, jugar con dinero o retirar.',
  },
  tierLabel: 'Nivel de verificación',
  tiers: {
    none: 'Sin empezar',
    basic: 'Básico',
    verified: 'Verificado',
    enhanced: 'Reforzado',
  },
  statusLabel: 'Estado',
  statuses: {
    none: 'Sin empezar',
    pending: 'En curso',
    approved: 'Aprobada',
    rejected_retry: 'No aceptada: inténtalo de nuevo',
    rejected_final: 'No aceptada',
    needs_review: 'En revisión por soporte',
    expired: 'Caducada: empieza de nuevo',
  },
  next: {
    verify_email: 'Primero verifica tu correo electrónico (pestaña Seguridad).',
    declare_eligibility: 'Primero confirma tu fecha de nacimiento y tu país (se piden en tu primer depósito).',
    start_verification: 'Empieza la comprobación: tarda unos minutos.',
    wait_for_provider: 'Tu comprobación está en curso. Vuelve aquí para ver el resultado.',
    wait_for_support: 'Soporte está revisando tus documentos. Actualizaremos esta página cuando decida.',
    contact_support: 'Ponte en contacto con soporte sobre tu verificación.',
    source_of_funds:
      'Tu identidad está verificada. Los depósitos grandes también necesitan que soporte revise el origen de tus fondos.',
  },
  start: 'Verifica tu identidad',
  retry: 'Empezar una nueva comprobación',
  starting: 'Abriendo la comprobación…',
  startFailed: 'No se pudo empezar la comprobación. Inténtalo de nuevo.',
  refresh: 'Consultar el estado',
  required: {
    title: 'Se necesita verificar tu identidad',
    verified: {
      policy: 'Este operador verifica a cada jugador antes de este movimiento de dinero.',
      cumulative_withdrawals:
        'Tus retiros superarían el importe permitido antes de la verificación. Verifica tu identidad y luego retira.',
      identity_not_confirmed:
        'Tu comprobación de identidad no fue aceptada o está en revisión, así que los retiros están en pausa hasta resolverla.',
      deposits_30d: 'Verifica tu identidad antes de este depósito.',
      default: 'Verifica tu identidad antes de esto.',
    },
    basic: 'Primero verifica tu correo y confirma tu fecha de nacimiento y tu país.',
    enhanced:
      'Este depósito lleva tus últimos 30 días por encima del importe permitido sin que soporte revise el origen de tus fondos.',
    nothingMoved: 'No se movió nada. Tu saldo no ha cambiado.',
  },
};
