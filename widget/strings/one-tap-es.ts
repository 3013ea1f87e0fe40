/**
 * Google One Tap's texts in Spanish. Loaded only by the One Tap chunk of a widget configured with
 * `locale: 'es'` (or `es-*`), so a widget in Spanish without One Tap downloads none of them;
 * its type makes a missing key a type error.
 */
import type { OneTapStrings } from '../products/one-tap/one-tap-strings.js';

const oneTapEs: OneTapStrings = {
  oneTapPending: 'Cargando el inicio de sesión de Google…',
  oneTapCouldNotLoad: (reason) => `No se pudo cargar One Tap: ${reason}`,
  oneTapNoClient:
    'este proyecto no tiene ningún cliente de Google configurado (oauth_config_not_found). Añade oauth.providers.google.clientId, el ID de cliente de la consola de Google Cloud, al proyecto en velvet.config.json.',
  oneTapNoLoginUrls:
    'este proyecto no tiene URL de redirección de inicio de sesión, así que no se puede comprobar oauthOptions.loginRedirectURL. Añádelas en oauth.loginRedirectURLs en velvet.config.json.',
  oneTapNoSignupUrls:
    'este proyecto no tiene URL de redirección de registro, así que no se puede comprobar oauthOptions.signupRedirectURL. Añádelas en oauth.signupRedirectURLs en velvet.config.json.',
  oneTapHostNotAllowed: (host) =>
    `el host ${host} no está permitido para este cliente de Google. Añade el origen de la página a los orígenes de JavaScript autorizados del cliente en la consola de Google Cloud (en desarrollo, tanto http://localhost como http://localhost:<puerto>).`,
  oneTapInvalidClient:
    'Google no reconoce el ID de cliente configurado para este proyecto. Comprueba que oauth.providers.google.clientId coincide con el ID de cliente de la consola de Google Cloud.',
  oneTapDefaultProvider:
    'el proveedor de OAuth predeterminado no es compatible con One Tap. Configura tu propio cliente de Google (oauth.providers.google.clientId).',
  oneTapScriptFailed:
    'No se cargó el script de inicio de sesión de Google (accounts.google.com/gsi/client).',
};

export default oneTapEs;
