/**
 * The whole database schema as one type, joined from the tables each folder
 * declares in its `*-tables.ts`. The shared folders' tables are named here;
 * a product adds its own from its folder, by augmenting `Schema` at the end
 * of its `*-tables.ts` (`declare module '../../db/schema.js'`), so the storage
 * layer imports no product. Migrations are merged in `server/all-migrations.ts`.
 */
import type { DeliveryTables } from '../delivery/outbox-tables.js';
import type { SigningKeyTables } from '../keys/signing-keys-tables.js';
import type { ProjectTables } from '../projects/projects-tables.js';
import type { RateLimitTables } from '../rate-limit/rate-limits-tables.js';
import type { TelemetryTables } from '../sdk/telemetry-tables.js';

/** Every table, by name. */
export interface Schema
  extends ProjectTables,
    SigningKeyTables,
    RateLimitTables,
    TelemetryTables,
    DeliveryTables {}
