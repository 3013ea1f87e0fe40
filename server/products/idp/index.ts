/**
 * What the rest of the server may use of the identity provider: its settings, which a project's
 * settings (`server/projects/project-settings.ts`) resolve and check with the others.
 * Code outside this folder imports this file only, never the files beside it.
 */
export type { IdpConfig, IdpSettings } from './idp-settings.js';
export { DEFAULT_IDP_SETTINGS, idpConfigSchema, resolveIdpSettings } from './idp-settings.js';
