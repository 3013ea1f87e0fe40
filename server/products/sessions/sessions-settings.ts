/**
 * The session settings of a project (`sessions` in `velvet.config.json`): how long a session
 * lasts when a request names no duration, the longest one a request may ask for, and how long
 * a session keeps the address and browser it started from.
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
    },
  },
  defaults: DEFAULT_SESSION_SETTINGS,
  resolve(config) {
    const d = DEFAULT_SESSION_SETTINGS;
    return {
      defaultDurationMinutes: config?.defaultDurationMinutes ?? d.defaultDurationMinutes,
      maxDurationMinutes: config?.maxDurationMinutes ?? d.maxDurationMinutes,
      metadataRetentionDays: config?.metadataRetentionDays ?? d.metadataRetentionDays,
    };
  },
};
