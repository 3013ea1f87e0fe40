/**
 * The hosts of the site's project (`hosts` in `velvet.config.json`): the phone numbers and email
 * addresses whose owners may open the hosts' page (`/host`) once they prove one of them by
 * signing in. More hosts can be added from the page or the command line (`site_hosts`,
 * `host-list.ts`); the config's hosts are always hosts and are removed only from the config.
 */
import { normalizeEmail, normalizePhone } from '../../products/users/index.js';
import type { SettingsPart } from '../../projects/settings-part.js';

/** The site's hosts as the config lists them, normalised: E.164 numbers and lower-case emails. */
export type HostsSettings = readonly string[];

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    hosts: HostsSettings;
  }
  interface ProjectConfig {
    hosts?: string[];
  }
}

/** The most hosts one config may list. */
export const MAX_CONFIG_HOSTS = 20;

/**
 * A host's phone number or email as the server compares it: `+14155550100` or
 * `juno@example.com`.
 * @throws Error with a message that names what is wrong.
 */
export function normalizeHostIdentifier(raw: string): string {
  const value = raw.trim();
  if (value.includes('@')) {
    try {
      return normalizeEmail(value);
    } catch {
      throw new Error(`"${value.slice(0, 64)}" is not a valid email address.`);
    }
  }
  try {
    return normalizePhone(value).e164;
  } catch {
    throw new Error(
      `"${value.slice(0, 64)}" is not a phone number (+ and the country code first) or an email address.`,
    );
  }
}

/** `hosts`: the config's list, each entry checked and normalised, no entry twice. */
export const hostsSettingsPart: SettingsPart<'hosts', string[], HostsSettings> = {
  key: 'hosts',
  schema: {
    type: 'array',
    maxItems: MAX_CONFIG_HOSTS,
    items: { type: 'string', minLength: 3, maxLength: 254 },
  },
  defaults: [],
  resolve(config) {
    if (!config) return [];
    return [...new Set(config.map(normalizeHostIdentifier))];
  },
};
