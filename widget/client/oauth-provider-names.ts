/**
 * The OAuth providers of the spec (section 3), listed once for both sides: the client library and
 * the widget read it here, and so does the server (`server/projects/project-settings.ts`), which
 * may import this one file of the widget's because it imports nothing itself.
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
