/**
 * What a developer configures on the server before a product of the demo works in production,
 * one note per panel of the settings form, from the server's own settings
 * (`server/products/*\/<name>-settings.ts`, `server/projects/project-settings.ts`) and delivery
 * adapters (`server/delivery/delivery-routes.ts`). Keys of a project in `velvet.config.json`
 * and the server's environment variables are written between backticks; the form shows them as
 * code, and `scripts/demo-production-notes.test.ts` checks each against the server.
 */
import type { Product } from '../widget/config/widget-config.js';

/** The panels with a note: the project's and each product's. */
export type NotedPanel = 'project' | Product;

/** Each panel's note, one or two sentences. */
export const PRODUCTION_NOTES: Readonly<Record<NotedPanel, string>> = {
  project:
    'The server reads its projects from `velvet.config.json` (or the file `VELVET_CONFIG` names): each has its `publicToken`, the `products` it offers and the `authorizedOrigins` whose pages may use it. The panels below say what each product needs besides.',
  otp: 'Text messages go out through Twilio (`TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_SMS_FROM` or `TWILIO_MESSAGING_SERVICE_SID`; `TWILIO_WHATSAPP_FROM` for WhatsApp) and email passcodes through an SMTP relay (`SMTP_URL`, `EMAIL_FROM`): in production a channel without them cannot deliver. Texts go only to the countries in `sms.allowedCountries` (`US` and `CA` by default).',
  emailMagicLinks:
    'Links go out through an SMTP relay (`SMTP_URL`, `EMAIL_FROM`). The project lists the exact URLs they may open in `emailMagicLinks.loginRedirectURLs` (and `emailMagicLinks.signupRedirectURLs`, the login list by default): the redirect URLs set here must be among them.',
  oauth:
    'Register an app at each provider with the redirect URL `PUBLIC_URL` + `/sdk/v1/public/oauth/<provider>/callback`, give its `oauth.providers.<provider>.clientId` and `oauth.providers.<provider>.clientSecret`, and list where sign-ins may land in `oauth.loginRedirectURLs`. Google One Tap needs only the Google app’s `oauth.providers.google.clientId`, with each page’s origin among that client’s Authorized JavaScript origins at Google.',
  passwords:
    'Choose the breach check, `passwords.breachedPasswords` (`offline`, the list shipped with the server, by default; `pwned-passwords` asks the Pwned Passwords range API), and the strength rule, `passwords.strengthPolicy` (`zxcvbn` or `luds`). Reset emails need an SMTP relay (`SMTP_URL`, `EMAIL_FROM`) and the exact URLs they may open in `passwords.resetRedirectUrls`.',
  passkeys:
    'The relying party ID is the page’s host name or a parent domain of it, and it must be the host of an origin in `authorizedOrigins` or of the server’s own (`PUBLIC_URL`), or a parent domain of one. Browsers offer passkeys on https pages only (and on `localhost`), so list the https origins that show the widget.',
  crypto:
    'Each wallet challenge is issued to the page’s origin, which must be in `authorizedOrigins`, and Ethereum wallets sign a Sign-In With Ethereum message naming that domain (`cryptoWallets.siweRequired`, on by default). No key or vendor is needed: the wallets are the visitor’s browser extensions.',
};

/** A piece of a note: plain text, or code (a key, a variable, a value). */
export interface NotePart {
  readonly text: string;
  readonly code: boolean;
}

/** A note cut at its backticks. */
export function noteParts(note: string): NotePart[] {
  return note
    .split('`')
    .map((text, index) => ({ text, code: index % 2 === 1 }))
    .filter((part) => part.text !== '');
}
