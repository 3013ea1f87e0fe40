/**
 * `<velvet-identity-provider>`'s texts in French (the consent and logout screens). Loaded only by
 * that element configured with `locale: 'fr'` (or `fr-*`), beside the `fr.ts` catalogue, so a
 * sign-in widget in French downloads none of them; its type makes a missing key a type error. French typography: a narrow no-break space (U+202F) before `?`, `!` and `:`.
 */
import type { IdpStrings } from '../products/idp/idp-strings.js';

const idpFr: IdpStrings = {
  consentTitle: (name) => `Connectez-vous à ${name} avec votre compte`,
  consentTitleWantsAccess: (name) => `${name} souhaite accéder à votre compte`,
  consentGrantable: (name) => `${name} pourra\u202f:`,
  consentUngrantable:
    'L’application a aussi demandé un accès qui ne peut pas lui être accordé\u202f:',
  defaultClientName: 'L’application',
  scopeDescription: (scope) =>
    ({
      openid: 'Confirmer votre identité',
      profile: 'Voir votre nom',
      email: 'Voir votre adresse e-mail',
      phone: 'Voir votre numéro de téléphone',
      full_access: 'Agir en votre nom avec un accès complet à votre compte',
      offline_access: 'Garder l’accès quand vous n’utilisez pas l’application',
    })[scope] ?? `Utiliser la portée ${scope}`,
  allow: 'Autoriser',
  deny: 'Refuser',
  denied: 'L’accès à l’application a été refusé.',
  noSession: 'Aucune session active. Veuillez vous connecter pour continuer.',
  signInAgain: 'Veuillez vous reconnecter pour continuer.',
  missingParameter: (param) =>
    `Un paramètre obligatoire est manquant\u202f: ${param}. Veuillez contacter le développeur de l’application.`,
  logoutTitle: 'Voulez-vous vraiment vous déconnecter de votre compte\u202f?',
  yes: 'Oui',
  no: 'Non',
  notLoggedOut: 'Vous n’avez pas été déconnecté. Vous pouvez fermer cette page.',
  redirecting: 'Retour à l’application…',
  loading: 'Chargement',
};

export default idpFr;
