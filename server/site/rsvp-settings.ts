/**
 * The hosts' RSVP settings of the site's project (`rsvp` in `velvet.config.json`): how many
 * people one answer may bring, how long the note for the hosts may be, and until when guests
 * may answer or change their answer. The server enforces them; the invitation reads them from
 * `GET /rsvp` (`rsvp-routes.ts`), so the page and the server never disagree.
 */
import type { SettingsPart } from '../projects/settings-part.js';

/** The RSVP settings. */
export interface RsvpSettings {
  /** The most people one answer may bring, the guest included. */
  maxPartySize: number;
  /** The longest note for the hosts, in characters. */
  noteMaxLength: number;
  /**
   * When answers close, as an ISO 8601 time with its offset (`2025-07-19T23:59:00-07:00`), or
   * null to take answers until the hosts set one. After it an answer is read-only.
   */
  deadline: string | null;
}

/** The RSVP settings as the config file describes them. */
export type RsvpConfig = Partial<RsvpSettings>;

declare module '../projects/project-settings.js' {
  interface ProjectSettings {
    rsvp: RsvpSettings;
  }
  interface ProjectConfig {
    rsvp?: RsvpConfig;
  }
}

/** The settings a project gets for what its configuration leaves out. */
export const DEFAULT_RSVP_SETTINGS: RsvpSettings = {
  maxPartySize: 4,
  noteMaxLength: 500,
  deadline: null,
};

/** `rsvp`: each value given over its default. */
export const rsvpSettingsPart: SettingsPart<'rsvp', RsvpConfig, RsvpSettings> = {
  key: 'rsvp',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      maxPartySize: { type: 'integer', minimum: 1, maximum: 20 },
      noteMaxLength: { type: 'integer', minimum: 0, maximum: 2000 },
      deadline: {
        type: ['string', 'null'],
        pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}(:\\d{2})?(Z|[+-]\\d{2}:\\d{2})$',
      },
    },
  },
  defaults: DEFAULT_RSVP_SETTINGS,
  resolve(config) {
    const d = DEFAULT_RSVP_SETTINGS;
    return {
      maxPartySize: config?.maxPartySize ?? d.maxPartySize,
      noteMaxLength: config?.noteMaxLength ?? d.noteMaxLength,
      deadline: config?.deadline === undefined ? d.deadline : config.deadline,
    };
  },
};

/** Epoch milliseconds of `settings.deadline`, or null when answers never close. */
export function rsvpDeadlineMs(settings: RsvpSettings): number | null {
  if (settings.deadline === null) return null;
  const ms = Date.parse(settings.deadline);
  return Number.isNaN(ms) ? null : ms;
}
