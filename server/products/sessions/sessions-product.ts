/** The sessions product: `/sessions/*`, the session every sign-in ends with. */
import type { ServerProduct } from '../product.js';
import { sessionRoutes } from './session-routes.js';
import { sessionsErrors } from './sessions-errors.js';
import { sessionSettingsPart } from './sessions-settings.js';
import { sessionMigrations } from './sessions-tables.js';

/** How long an ended (expired or revoked) session is kept before housekeeping deletes it. */
const KEEP_ENDED_MS = 24 * 60 * 60_000;

/** The sessions product. */
export const sessionsProduct: ServerProduct = {
  migrations: sessionMigrations,
  settings: [sessionSettingsPart],
  errors: sessionsErrors,
  register(sdk, { sessions, keys, store, projects }) {
    sessionRoutes(sdk, { sessions, keys, store, projects });
  },
  // Ended sessions go; live ones lose their address and user agent after each project's
  // `sessions.metadataRetentionDays`.
  housekeeping: async ({ store, projects }, now) => {
    let changed = await store.sessions.purgeEnded(now - KEEP_ENDED_MS);
    for (const project of projects.all()) {
      const days = project.settings.sessions.metadataRetentionDays;
      changed += await store.sessions.forgetMetadata(project.projectId, now - days * DAY_MS);
    }
    return changed;
  },
};

const DAY_MS = 24 * 60 * 60_000;
