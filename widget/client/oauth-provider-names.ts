/**
 * The OAuth providers of the spec (section 3), listed once for both sides: the client library's
 * OAuth calls (`oauth-client.ts`) and the server's config schema
 * (`server/products/oauth/oauth-settings.ts`) read this list. It imports nothing, so the server, for
 * which it is the one file of the widget it may import, takes no widget code with it.
 */

/** Every provider's name, in the spec's order. */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

/** A provider's name. */
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
