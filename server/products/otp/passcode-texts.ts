/**
 * The words of the passcode messages (SMS, WhatsApp, email) in each language the server writes.
 * The English entry defines the type: a text missing from a translation is a type error, and
 * `MessageCatalogue` makes a missing language one too. Spanish speaks to the guest as `tú`, French
 * as `vous`, as the widget's catalogues do.
 */
import type { MessageCatalogue } from '../../delivery/message-locale.js';

const en = {
  /** The first sentence of the SMS and the whole WhatsApp text, with `expires` after it. */
  code: (projectName: string, code: string) => `Your ${projectName} code is ${code}.`,
  /** `duration` is `10 minutes`, in the language's words. */
  expires: (duration: string) => `It expires in ${duration}.`,
  /** The email's subject: it never shows the code. */
  emailSubject: (projectName: string) => `Your ${projectName} sign-in code`,
  /** The line above the code in the email. */
  emailIntro: (projectName: string) => `Your ${projectName} sign-in code is:`,
  emailIgnore: "If you didn't ask for this code, you can ignore this message.",
};

/** The passcode messages' texts, in one language. */
export type PasscodeTexts = typeof en;

const es: PasscodeTexts = {
  code: (projectName, code) => `Tu código para ${projectName} es ${code}.`,
  expires: (duration) => `Caduca en ${duration}.`,
  emailSubject: (projectName) => `Tu código de acceso a ${projectName}`,
  emailIntro: (projectName) => `Tu código de acceso a ${projectName} es:`,
  emailIgnore: 'Si no has pedido este código, puedes ignorar este mensaje.',
};

const fr: PasscodeTexts = {
  code: (projectName, code) => `Votre code pour ${projectName} est ${code}.`,
  expires: (duration) => `Il expire dans ${duration}.`,
  emailSubject: (projectName) => `Votre code de connexion à ${projectName}`,
  emailIntro: (projectName) => `Votre code de connexion à ${projectName} est\u202f:`,
  emailIgnore: 'Si vous n’avez pas demandé ce code, vous pouvez ignorer ce message.',
};

/** The passcode messages' texts, by language. */
export const passcodeTexts: MessageCatalogue<PasscodeTexts> = { en, es, fr };
