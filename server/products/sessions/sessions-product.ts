/** The sessions product: `/sessions/*`, the session every sign-in ends with. */
import type { ServerProduct } from '../product.js';
import { sessionRoutes } from './session-routes.js';
import { sessionsErrors } from './sessions-errors.js';
import { sessionSettingsPart } from './sessions-settings.js';
import { sessionMigrations } from './sessions-tables.js';

/** The sessions product. */
export const sessionsProduct: ServerProduct = {
  migrations: sessionMigrations,
  settings: [sessionSettingsPart],
  errors: sessionsErrors,
  register(sdk, { sessions, keys, store, projects }) {
    sessionRoutes(sdk, { sessions, keys, store, projects });
  },
};
