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

/** Each provider's name as people know it: its button's "Continue with …", the development sign-in page. */
export const OAUTH_PROVIDER_LABELS: Readonly<Record<OAuthProvider, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'GitHub',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};

/** A provider's name as people know it, or `undefined` for a name that is no provider. */
export function providerLabel(provider: string): string | undefined {
  return Object.hasOwn(OAUTH_PROVIDER_LABELS, provider)
    ? OAUTH_PROVIDER_LABELS[provider as OAuthProvider]
    : undefined;
}
