/**
 * `<velvet-identity-provider>`'s texts in Spanish (the consent and logout screens). Loaded only by
 * that element configured with `locale: 'es'` (or `es-*`), beside the `es.ts` catalogue, so a
 * sign-in widget in Spanish downloads none of them; its type makes a missing key a type error.
 */
import type { IdpStrings } from '../products/idp/idp-strings.js';

const idpEs: IdpStrings = {
  consentTitle: (name) => `Inicia sesión en ${name} con tu cuenta`,
  consentTitleWantsAccess: (name) => `${name} quiere acceder a tu cuenta`,
  consentGrantable: (name) => `${name} podrá:`,
  consentUngrantable: 'También ha pedido un acceso que no se le puede dar:',
  defaultClientName: 'La aplicación',
  scopeDescription: (scope) =>
    ({
      openid: 'Confirmar quién eres',
      profile: 'Ver tu nombre',
      email: 'Ver tu dirección de correo',
      phone: 'Ver tu número de teléfono',
      full_access: 'Actuar en tu nombre con acceso completo a tu cuenta',
      offline_access: 'Mantener la sesión iniciada cuando no usas la aplicación',
    })[scope] ?? `Usar el permiso ${scope}`,
  allow: 'Permitir',
  deny: 'Denegar',
  denied: 'Se ha denegado el acceso a la aplicación.',
  noSession: 'No hay ninguna sesión activa. Inicia sesión para continuar.',
  signInAgain: 'Vuelve a iniciar sesión para continuar.',
  missingParameter: (param) =>
    `Falta un parámetro obligatorio: ${param}. Ponte en contacto con el desarrollador de la aplicación.`,
  logoutTitle: '¿Seguro que quieres cerrar la sesión de tu cuenta?',
  yes: 'Sí',
  no: 'No',
  notLoggedOut: 'No se ha cerrado tu sesión. Puedes cerrar esta página.',
  redirecting: 'Volviendo a la aplicación…',
  loading: 'Cargando',
};

export default idpEs;
