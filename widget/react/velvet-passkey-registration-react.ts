/**
 * `<VelvetPasskeyRegistration>` for React: the `<velvet-passkey-registration>` element (from its
 * own entry, `../passkey-registration.ts`) wrapped as `<VelvetLogin>` is
 * (`./velvet-component.ts`): its properties as props, `onEvent` (`PASSKEY_REGISTER`,
 * `PASSKEY_SKIP`, `PASSKEY_DONE`) and `onError` called with the details, the ref the element.
 *
 * ```tsx
 * <VelvetPasskeyRegistration client={client} onEvent={(event) => event.type === 'PASSKEY_DONE' && close()} />
 * ```
 */
import {
  PASSKEY_REGISTRATION_TAG,
  VelvetPasskeyRegistration as VelvetPasskeyRegistrationElement,
} from '../passkey-registration.js';
import { type VelvetComponentProps, velvetComponent } from './velvet-component.js';

/** The props of {@link VelvetPasskeyRegistration}. */
export type VelvetPasskeyRegistrationProps = VelvetComponentProps<VelvetPasskeyRegistrationElement>;

/**
 * The passkey registration component (for a signed-in user) as a React component. Props are the
 * element's properties (`publicToken`, `apiBase`, `config`, `client`, `callbacks`, `strings`),
 * any HTML attribute, and `onEvent`/`onError`. The ref is the `<velvet-passkey-registration>`
 * element.
 */
export const VelvetPasskeyRegistration = velvetComponent(
  PASSKEY_REGISTRATION_TAG,
  VelvetPasskeyRegistrationElement,
  'VelvetPasskeyRegistration',
);

export type { PasskeyRegistrationConfig, PasskeyStrings } from '../passkey-registration.js';
export type { VelvetPasskeyRegistrationElement };
