/**
 * The words of the password reset email in each language the server writes. The English entry
 * defines the type: a text missing from a translation is a type error, and `MessageCatalogue`
 * makes a missing language one too. Spanish speaks to the guest as `tú`, French as `vous`, as the
 * widget's catalogues do.
 */
import type { MessageCatalogue } from '../../delivery/message-locale.js';

const en = {
  subject: (projectName: string) => `Reset your ${projectName} password`,
  asked: (projectName: string) =>
    `Someone asked to set a new password for your ${projectName} account.`,
  /** Above the reset link, in the text part; `lasts` is `1 hour`, in the language's words. */
  openWithin: (lasts: string) => `Open this link within ${lasts} to choose a new password:`,
  /** Above the login link, in the text part. */
  orLogIn: (lasts: string) =>
    `Or log in without password (this link also works once, within ${lasts}):`,
  /** The reset link's words in the HTML part, and what follows them. */
  chooseLink: 'Choose a new password',
  worksFor: (lasts: string) => `(the link works for ${lasts}).`,
  /** The login link's paragraph in the HTML part: `before`, the link's words, `after`. */
  logInLink: { before: 'Or ', words: 'log in without password', after: '.' },
  notYou: 'If it was not you, ignore this email: your password stays as it is.',
};

/** The reset email's texts, in one language. */
export type ResetTexts = typeof en;

const es: ResetTexts = {
  subject: (projectName) => `Restablece tu contraseña de ${projectName}`,
  asked: (projectName) =>
    `Alguien ha pedido una contraseña nueva para tu cuenta de ${projectName}.`,
  openWithin: (lasts) =>
    `Abre este enlace en un plazo de ${lasts} para elegir una contraseña nueva:`,
  orLogIn: (lasts) =>
    `O inicia sesión sin contraseña (este enlace también funciona una sola vez, en un plazo de ${lasts}):`,
  chooseLink: 'Elige una contraseña nueva',
  worksFor: (lasts) => `(el enlace funciona durante ${lasts}).`,
  logInLink: { before: 'O ', words: 'inicia sesión sin contraseña', after: '.' },
  notYou: 'Si no has sido tú, ignora este correo: tu contraseña no cambia.',
};

const fr: ResetTexts = {
  subject: (projectName) => `Réinitialisez votre mot de passe ${projectName}`,
  asked: (projectName) =>
    `Quelqu’un a demandé un nouveau mot de passe pour votre compte ${projectName}.`,
  openWithin: (lasts) =>
    `Ouvrez ce lien dans un délai de ${lasts} pour choisir un nouveau mot de passe\u202f:`,
  orLogIn: (lasts) =>
    `Ou connectez-vous sans mot de passe (ce lien ne fonctionne lui aussi qu’une fois, dans un délai de ${lasts})\u202f:`,
  chooseLink: 'Choisissez un nouveau mot de passe',
  worksFor: (lasts) => `(le lien fonctionne pendant ${lasts}).`,
  logInLink: { before: 'Ou ', words: 'connectez-vous sans mot de passe', after: '.' },
  notYou: 'Si ce n’était pas vous, ignorez cet e-mail\u202f: votre mot de passe reste inchangé.',
};

/** The reset email's texts, by language. */
export const resetTexts: MessageCatalogue<ResetTexts> = { en, es, fr };
