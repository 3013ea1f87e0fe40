/**
 * Google One Tap's texts in French. Loaded only by the One Tap chunk of a widget configured with
 * `locale: 'fr'` (or `fr-*`), so a widget in French without One Tap downloads none of them;
 * its type makes a missing key a type error.
 * French typography: a narrow no-break space (U+202F) before `?`, `!` and `:`.
 */
import type { OneTapStrings } from '../products/one-tap/one-tap-strings.js';

const oneTapFr: OneTapStrings = {
  oneTapPending: 'Chargement de la connexion Google…',
  oneTapCouldNotLoad: (reason) => `One Tap n’a pas pu se charger\u202f: ${reason}`,
  oneTapNoClient:
    'aucun client Google n’est configuré pour ce projet (oauth_config_not_found). Ajoutez oauth.providers.google.clientId, l’ID client de la console Google Cloud, au projet dans velvet.config.json.',
  oneTapNoLoginUrls:
    'aucune URL de redirection de connexion n’est définie pour ce projet, donc oauthOptions.loginRedirectURL ne peut pas être vérifiée. Indiquez-les dans oauth.loginRedirectURLs dans velvet.config.json.',
  oneTapNoSignupUrls:
    'aucune URL de redirection d’inscription n’est définie pour ce projet, donc oauthOptions.signupRedirectURL ne peut pas être vérifiée. Indiquez-les dans oauth.signupRedirectURLs dans velvet.config.json.',
  oneTapHostNotAllowed: (host) =>
    `l’hôte ${host} n’est pas autorisé pour ce client Google. Ajoutez l’origine de la page aux origines JavaScript autorisées du client dans la console Google Cloud (en développement, http://localhost et http://localhost:<port>).`,
  oneTapInvalidClient:
    'Google ne reconnaît pas l’ID client configuré pour ce projet. Vérifiez que oauth.providers.google.clientId correspond à l’ID client de la console Google Cloud.',
  oneTapDefaultProvider:
    'le fournisseur OAuth par défaut n’est pas compatible avec One Tap. Configurez votre propre client Google (oauth.providers.google.clientId).',
  oneTapScriptFailed:
    'Le script de connexion de Google (accounts.google.com/gsi/client) ne s’est pas chargé.',
};

export default oneTapFr;
