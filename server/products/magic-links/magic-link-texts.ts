/**
 * The words of the magic-link email in each language the server writes. The English entry
 * defines the type: a text missing from a translation is a type error, and `MessageCatalogue`
 * makes a missing language one too. Spanish speaks to the guest as `tú`, French as `vous`, as the
 * widget's catalogues do.
 */
import type { MessageCatalogue } from '../../delivery/message-locale.js';

/** `signup` for a new (or unverified) address, `login` otherwise. */
type LinkKind = 'login' | 'signup';

const en = {
  subject: (kind: LinkKind, projectName: string) =>
    kind === 'signup' ? `Finish signing up for ${projectName}` : `Sign in to ${projectName}`,
  /** The line above the link. */
  intro: (kind: LinkKind, projectName: string) =>
    `Open this link to ${kind === 'signup' ? 'finish signing up for' : 'sign in to'} ${projectName}:`,
  button: (kind: LinkKind): string => (kind === 'signup' ? 'Finish signing up' : 'Sign in'),
  /** `duration` is `30 minutes`, `1 hour` or `2 days`, in the language's words. */
  expires: (duration: string) => `It expires in ${duration}.`,
  once: 'The link works once.',
  /** Above the link written out, in the HTML part. */
  copy: 'If the button does not work, copy this address into your browser:',
  ignore:
    "If you didn't ask for this email, you can ignore it: nothing happens until the link is opened.",
};

/** The magic-link email's texts, in one language. */
export type MagicLinkTexts = typeof en;

const es: MagicLinkTexts = {
  subject: (kind, projectName) =>
    kind === 'signup'
      ? `Completa tu registro en ${projectName}`
      : `Inicia sesión en ${projectName}`,
  intro: (kind, projectName) =>
    `Abre este enlace para ${kind === 'signup' ? 'completar tu registro' : 'iniciar sesión'} en ${projectName}:`,
  button: (kind) => (kind === 'signup' ? 'Completar el registro' : 'Iniciar sesión'),
  expires: (duration) => `Caduca en ${duration}.`,
  once: 'El enlace solo funciona una vez.',
  copy: 'Si el botón no funciona, copia esta dirección en tu navegador:',
  ignore:
    'Si no has pedido este correo, puedes ignorarlo: no pasará nada mientras no se abra el enlace.',
};

const fr: MagicLinkTexts = {
  subject: (kind, projectName) =>
    kind === 'signup'
      ? `Finalisez votre inscription à ${projectName}`
      : `Connectez-vous à ${projectName}`,
  intro: (kind, projectName) =>
    `Ouvrez ce lien pour ${kind === 'signup' ? 'finaliser votre inscription' : 'vous connecter'} à ${projectName}\u202f:`,
  button: (kind) => (kind === 'signup' ? 'Finaliser l’inscription' : 'Se connecter'),
  expires: (duration) => `Il expire dans ${duration}.`,
  once: 'Le lien ne fonctionne qu’une fois.',
  copy: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur\u202f:',
  ignore:
    'Si vous n’avez pas demandé cet e-mail, vous pouvez l’ignorer\u202f: rien ne se passe tant que le lien n’est pas ouvert.',
};

/** The magic-link email's texts, by language. */
export const magicLinkTexts: MessageCatalogue<MagicLinkTexts> = { en, es, fr };
