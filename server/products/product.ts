/**
 * What a product is on the server: one folder under `server/products/` with
 * its routes, service, repositories, tables and tests, described to the rest
 * of the server by one `ServerProduct` value that `registry.ts` lists.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Migrations } from '../db/migrator.js';
import type { DeliveryRoutes } from '../delivery/delivery.js';
import type { DevelopmentIdentity } from '../dev-identity/development-identity.js';
import type { ErrorCode } from '../http/api-error.js';
import type { KeyRing } from '../keys/key-ring.js';
import type { Projects } from '../projects/project-directory.js';
import type { Project } from '../projects/projects-repository.js';
import type { SettingsPart } from '../projects/settings-part.js';
import type { RateLimiter } from '../rate-limit/rate-limiter.js';
import type { Store } from '../store.js';
import type { SessionService } from './sessions/index.js';
import type { UserPart } from './users/index.js';

/** What the server hands every product: the shared parts, built once. */
export interface ProductContext {
  /** The database and the shared repositories (projects, users, sessions, …). */
  readonly store: Store;
  /** The configured projects. */
  readonly projects: Projects;
  /** Starts, finds, extends and revokes sessions. */
  readonly sessions: SessionService;
  /** The JWT signing keys. */
  readonly keys: KeyRing;
  /** Send and attempt limits shared by every server process. */
  readonly limiter: RateLimiter;
  /** SMS, WhatsApp and email delivery. */
  readonly delivery: DeliveryRoutes;
  /** The server secret, for keyed hashes and sealed values. */
  readonly secret: string;
  /**
   * During a rotation (`VELVET_SECRET_PREVIOUS`), the secret before `secret`: what it keyed or
   * sealed is still accepted until it expires; nothing new uses it.
   */
  readonly previousSecret?: string;
  /** Milliseconds since the epoch. */
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
  /** The server's own origin (`PUBLIC_URL`). */
  readonly ownOrigin: string;
  /**
   * The development identity provider (`server/dev-identity/`): only in development, never in
   * production. Providers configured `"development": true` sign in through it.
   */
  readonly development?: DevelopmentIdentity;
}

/** A product's server side. */
export interface ServerProduct {
  /** Its tables' history, by name (`YYYY-MM-DD-NN-what`); run by the one migrator. */
  readonly migrations: Migrations;
  /**
   * Its keys of a project's settings (from its `<name>-settings.ts`), which the config file's
   * schema and the project's settings merge; none when it has no settings of its own.
   */
  readonly settings?: readonly SettingsPart[];
  /**
   * Its own `error_type`s, from its `<name>-errors.ts` (`defineErrors`): `/docs/errors` lists them
   * after the core's.
   */
  readonly errors?: Readonly<Record<string, ErrorCode>>;
  /**
   * Its lists on the user object (`webauthn_registrations`, …): read with every user, in the one
   * query that reads it, and listed in its body (see `UserPart`).
   */
  readonly userParts?: readonly UserPart[];
  /** Adds its routes to the `/sdk/v1` scope. */
  register(sdk: FastifyInstance, context: ProductContext): void | Promise<void>;
  /**
   * Adds routes outside `/sdk/v1`, on the server's root: a standard's own endpoints and the pages
   * they need (the OpenID Connect provider), or the OAuth start at `/v1/public/…`, where Stytch's
   * SDK sends the browser.
   */
  registerRoot?(app: FastifyInstance, context: ProductContext): void | Promise<void>;
  /**
   * Its fields of the bootstrap answer (`GET /projects/bootstrap/{public_token}`), in Stytch's
   * names; the core's fields and every product's make the answer. Asked for every project,
   * whether it enables the product or not: a project without it gets the values that say so.
   */
  bootstrap?(project: Project): Record<string, unknown>;
  /** Deletes what has expired; run a minute after start and hourly (`server/ops/housekeeping.ts`). */
  housekeeping?(context: ProductContext, now: number): Promise<unknown>;
}
