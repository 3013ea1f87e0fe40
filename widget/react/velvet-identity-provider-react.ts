/**
 * `<VelvetIdentityProvider>` for React: the `<velvet-identity-provider>` element (from its own
 * entry, `../identity-provider.ts`) wrapped as `<VelvetLogin>` is (`./velvet-component.ts`): its
 * properties as props, `onError` called with the details of its `velvet-error` events, `onEvent`
 * with those of the `velvet-event`s its sign-in form sends, the ref the element. The sign-in form
 * it shows to a visitor who is not signed in is `<velvet-login>`: import `<VelvetLogin>`'s module
 * or the element too.
 *
 * ```tsx
 * <VelvetIdentityProvider publicToken="public-token-live-…" onError={(error) => report(error)} />
 * ```
 */
import {
  IDENTITY_PROVIDER_TAG,
  VelvetIdentityProvider as VelvetIdentityProviderElement,
} from '../identity-provider.js';
import { type VelvetComponentProps, velvetComponent } from './velvet-component.js';

/** The props of {@link VelvetIdentityProvider}. */
export type VelvetIdentityProviderProps = VelvetComponentProps<VelvetIdentityProviderElement>;

/**
 * The identity provider's consent and logout screen as a React component. Props are the
 * element's properties (`publicToken`, `apiBase`, `config`, `client`, `callbacks`, `strings`,
 * `search`, `navigate`), any HTML attribute, and `onEvent`/`onError`. The ref is the
 * `<velvet-identity-provider>` element.
 */
export const VelvetIdentityProvider = velvetComponent(
  IDENTITY_PROVIDER_TAG,
  VelvetIdentityProviderElement,
  'VelvetIdentityProvider',
);

export type { IdpStrings, IdpView } from '../identity-provider.js';
export type { VelvetIdentityProviderElement };
