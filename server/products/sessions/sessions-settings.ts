/**
 * The session settings of a project (`sessions` in `velvet.config.json`): how long a session
 * lasts when a request names no duration, the longest one a request may ask for, how long
 * a session keeps the address and browser it started from, and, on the project of the
 * invitation site, how long a guest stays signed in there.
 */
import type { SettingsPart } from '../../projects/settings-part.js';

/** The session settings. */
export interface SessionSettings {
  /** Session lifetime used when a request names none. */
  defaultDurationMinutes: number;
  /**
   * The longest `session_duration_minutes` a request may ask for (start or extension); a longer
   * one is refused with `session_duration_too_long`.
   */
  maxDurationMinutes: number;
  /**
   * Days a session keeps the IP address and user agent it started from: housekeeping blanks
   * them on sessions started longer ago, live or not (an expired session is deleted a day after
   * its end anyway). 0 blanks them at the next housekeeping, within the hour.
   */
  metadataRetentionDays: number;
  /**
   * The site's project only (the first configured): days a guest's session on the invitation
   * site lasts, counted again from each visit (the site asks for it when the guest signs in and
   * whenever the page opens with the session). That project's `maxDurationMinutes` is raised to
   * it when lower (`withSiteGuestSessions`); other projects ignore it and keep their maximum.
   */
  siteGuestDurationDays: number;
}

/** The session settings as the config file describes them. */
export type SessionConfig = Partial<SessionSettings>;

declare module '../../projects/project-settings.js' {
  interface ProjectSettings {
    sessions: SessionSettings;
  }
  interface ProjectConfig {
    sessions?: SessionConfig;
  }
}

// A guest signs in once and comes back to the invitation over the days before the party.
const DEFAULT_SESSION_SETTINGS: SessionSettings = {
  defaultDurationMinutes: 60,
  maxDurationMinutes: 7 * 24 * 60,
  // Long enough to tell a guest's own devices apart in a list of sessions, not kept for months.
  metadataRetentionDays: 30,
  // Guests open the invitation again over the weeks before the party without a new text.
  siteGuestDurationDays: 30,
};

/** `sessions`: each value given over its default. */
export const sessionSettingsPart: SettingsPart<'sessions', SessionConfig, SessionSettings> = {
  key: 'sessions',
  schema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      defaultDurationMinutes: { type: 'integer', minimum: 5, maximum: 527_040 },
      maxDurationMinutes: { type: 'integer', minimum: 5, maximum: 527_040 },
      metadataRetentionDays: { type: 'integer', minimum: 0, maximum: 3_660 },
      // At most 366 days: the longest session_duration_minutes (527,040).
      siteGuestDurationDays: { type: 'integer', minimum: 1, maximum: 366 },
    },
  },
  defaults: DEFAULT_SESSION_SETTINGS,
  resolve(config) {
    const d = DEFAULT_SESSION_SETTINGS;
    return {
      defaultDurationMinutes: config?.defaultDurationMinutes ?? d.defaultDurationMinutes,
      maxDurationMinutes: config?.maxDurationMinutes ?? d.maxDurationMinutes,
      metadataRetentionDays: config?.metadataRetentionDays ?? d.metadataRetentionDays,
      siteGuestDurationDays: config?.siteGuestDurationDays ?? d.siteGuestDurationDays,
    };
  },
};

/** A guest's session on the invitation site, in minutes (`siteGuestDurationDays`). */
export function siteGuestSessionMinutes(settings: SessionSettings): number {
  return settings.siteGuestDurationDays * 24 * 60;
}

/**
 * The session settings of the site's project: `maxDurationMinutes` raised to the guests'
 * session (`siteGuestDurationDays`) when it is lower, so the site may ask for it. Every other
 * project keeps its settings as configured.
 */
export function withSiteGuestSessions(settings: SessionSettings): SessionSettings {
  const guestMinutes = siteGuestSessionMinutes(settings);
  if (settings.maxDurationMinutes >= guestMinutes) return settings;
  return { ...settings, maxDurationMinutes: guestMinutes };
}
