/**
 * What other products may use of OAuth: its service on a product context (Google One Tap signs
 * its people in through it), the shape of a sign-in it issues and a provider's settings (One Tap
 * reads Google's); the provider table, the callback URL and the flow's own authorization
 * parameters, for the development identity provider (`server/dev-identity/`).
 * Other products import this file only, never the files beside it.
 */
export { oauthService } from './oauth-product.js';
export { PROVIDERS } from './oauth-providers.js';
export type { IssueRequest } from './oauth-service.js';
export { callbackUrl } from './oauth-service.js';
export type { OAuthProviderSettings } from './oauth-settings.js';
export { FLOW_PARAMS } from './provider-params.js';
