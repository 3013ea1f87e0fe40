/**
 * Each provider's mark is a chunk of its own: a page downloads only the marks of the providers it
 * configures.
 */
import type { SVGTemplateResult } from 'lit';

type MarkModule = { mark: SVGTemplateResult };

const MARKS: Readonly<Record<string, () => Promise<MarkModule>>> = {
  google: () => import('./marks/google.js'),
  microsoft: () => import('./marks/microsoft.js'),
  apple: () => import('./marks/apple.js'),
  github: () => import('./marks/github.js'),
  gitlab: () => import('./marks/gitlab.js'),
  facebook: () => import('./marks/facebook.js'),
  discord: () => import('./marks/discord.js'),
  salesforce: () => import('./marks/salesforce.js'),
  slack: () => import('./marks/slack.js'),
  amazon: () => import('./marks/amazon.js'),
  bitbucket: () => import('./marks/bitbucket.js'),
  linkedin: () => import('./marks/linkedin.js'),
  coinbase: () => import('./marks/coinbase.js'),
  twitch: () => import('./marks/twitch.js'),
  twitter: () => import('./marks/twitter.js'),
  tiktok: () => import('./marks/tiktok.js'),
  snapchat: () => import('./marks/snapchat.js'),
  figma: () => import('./marks/figma.js'),
  yahoo: () => import('./marks/yahoo.js'),
};

/** Loads `provider`'s mark; `undefined` for a provider without one. */
export function loadMark(provider: string): Promise<SVGTemplateResult> | undefined {
  return Object.hasOwn(MARKS, provider) ? MARKS[provider]?.().then((m) => m.mark) : undefined;
}
