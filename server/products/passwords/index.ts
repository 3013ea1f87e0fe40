/** The passwords product: `/passwords/*`, argon2id hashes, strength, breaches and resets. */
import { clientKey } from '../../rate-limit/client-key.js';
import { FailureGuardsRepository } from '../../rate-limit/failure-guards-repository.js';
import { FailureThrottle } from '../../rate-limit/failure-throttle.js';
import type { ServerProduct } from '../product.js';
import {
  type BreachChecker,
  OfflineBreachList,
  PwnedPasswordsRange,
} from './breached-passwords.js';
import { PasswordHasher } from './password-hashing.js';
import { PasswordResetsRepository } from './password-resets-repository.js';
import { passwordRoutes } from './password-routes.js';
import { PasswordService } from './password-service.js';
import { PasswordsRepository } from './passwords-repository.js';
import { passwordMigrations } from './passwords-tables.js';

/** How long an expired reset is kept before housekeeping deletes it. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/** The passwords product. */
export const passwordsProduct: ServerProduct = {
  name: 'passwords',
  migrations: passwordMigrations,
  register(sdk, context) {
    const { store } = context;
    const offline = new OfflineBreachList();
    const pwned = new Map<string, BreachChecker>();
    const passwords = new PasswordService(
      {
        db: store.db,
        users: store.users,
        passwords: new PasswordsRepository(store.db),
        resets: new PasswordResetsRepository(store.db),
        throttle: new FailureThrottle(
          new FailureGuardsRepository(store.db),
          context.limiter,
          context.clock,
        ),
        clientKey: (ip) => clientKey(context.secret, ip),
      },
      context.sessions,
      new PasswordHasher(),
      (project) => {
        const settings = project.settings.passwords;
        if (settings.breachedPasswords !== 'pwned-passwords') return offline;
        let checker = pwned.get(settings.pwnedPasswordsUrl);
        if (!checker) {
          checker = new PwnedPasswordsRange({
            url: settings.pwnedPasswordsUrl,
            onUnavailable: (reason) =>
              context.log.warn({ reason }, 'Pwned Passwords did not answer; used the offline list'),
          });
          pwned.set(settings.pwnedPasswordsUrl, checker);
        }
        return checker;
      },
      context.limiter,
      context.delivery,
      context.clock,
      context.log,
    );
    passwordRoutes(sdk, { passwords, store });
  },
  housekeeping: ({ store }, now) =>
    new PasswordResetsRepository(store.db).purgeExpired(now - KEEP_EXPIRED_MS),
};
