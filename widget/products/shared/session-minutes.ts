/** The session length every sign-in of the widget asks for, written once. */
import type { VelvetConfig } from '../../config/widget-config.js';

/** The session length the widget asks for when the config names none (the server's default). */
export const DEFAULT_SESSION_MINUTES = 60;

/** The `session_duration_minutes` of a sign-in: the config's `sessionOptions`, else the default. */
export function sessionMinutes(config: Pick<VelvetConfig, 'sessionOptions'> | undefined): number {
  return config?.sessionOptions?.sessionDurationMinutes ?? DEFAULT_SESSION_MINUTES;
}
