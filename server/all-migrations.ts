/** Every migration the server runs: the shared folders' and each registered product's. */

import { mergeMigrations } from './db/migrator.js';
import { deliveryMigrations } from './delivery/outbox-tables.js';
import { signingKeyMigrations } from './keys/signing-keys-tables.js';
import { serverProducts } from './products/registry.js';
import { projectMigrations } from './projects/projects-tables.js';
import { rateLimitMigrations } from './rate-limit/rate-limits-tables.js';
import { telemetryMigrations } from './sdk/telemetry-tables.js';
import { hostMigrations } from './site/host/host-tables.js';
import { sitePhotoMigrations } from './site/photos/photo-tables.js';
import { siteMigrations } from './site/rsvp-tables.js';

/** The shared folders' and the products' migrations, by name. */
export const ALL_MIGRATIONS = mergeMigrations([
  projectMigrations,
  signingKeyMigrations,
  rateLimitMigrations,
  telemetryMigrations,
  deliveryMigrations,
  siteMigrations,
  hostMigrations,
  sitePhotoMigrations,
  ...serverProducts.map((product) => product.migrations),
]);
