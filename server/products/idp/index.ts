/**
 * What other products may use of the identity provider: its issuer for a project, and the
 * access tokens it issued (the session exchange checks them). Other products import this file
 * only, never the files beside it.
 */

export { authorizationReturn } from './authorization-return.js';
export { issuerOf } from './idp-service.js';
export { IssuedAccessTokens } from './issued-access-tokens.js';
