/**
 * What other products may use of OAuth: its service on a product context (Google One Tap signs
 * its people in through it) and the shape of a sign-in it issues.
 * Other products import this file only, never the files beside it.
 */
export { oauthService } from './oauth-product.js';
export type { IssueRequest } from './oauth-service.js';
