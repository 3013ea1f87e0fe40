/** What the passkey routes call, built on their first request (`lazyRoutes`). */
import type { ProductContext } from '../product.js';
import { WebAuthnRepository } from './passkeys-repository.js';
import { WebAuthnService } from './passkeys-service.js';

/** The WebAuthn service over the context's store and limiter. */
export function webauthnImplementation(context: ProductContext) {
  const { store } = context;
  const webauthn = new WebAuthnService(
    new WebAuthnRepository(store.db),
    store.users,
    context.sessions,
    context.limiter,
    context.clock,
    context.ownOrigin,
  );
  return { webauthn, store };
}
