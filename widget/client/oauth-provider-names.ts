/**
 * The OAuth providers of the spec (section 3), listed once for both sides: the list lives in
 * `oauth-client.ts`, with the client library's OAuth calls (so the widget's chunks keep it where
 * it is used), and the server (`server/products/oauth/oauth-settings.ts`) reads it here, the one
 * file of the widget's it may import: `oauth-client.ts` imports nothing but types, so this brings
 * no widget code into the server.
 */
export { OAUTH_PROVIDERS, type OAuthProvider } from './oauth-client.js';
