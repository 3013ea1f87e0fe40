/**
 * `<VelvetLogin>` for React: the `<velvet-login>` element wrapped with `@lit/react`
 * (`./velvet-component.ts`), so React sets its properties (`publicToken`, `config`, `apiBase`,
 * `strings`, `client`, …) as properties, not attributes, and hands its `velvet-event` and
 * `velvet-error` events to `onEvent` and `onError` as their details. A ref reaches the element
 * itself.
 *
 * ```tsx
 * <VelvetLogin
 *   publicToken="public-token-live-…"
 *   config={{ products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 10 } }}
 *   onEvent={(event) => event.type === 'AUTHENTICATE_FLOW_COMPLETE' && refresh()}
 *   onError={(error) => console.warn(error.message)}
 * />
 * ```
 */
import { VELVET_LOGIN_TAG, VelvetLogin as VelvetLoginElement } from '../velvet.js';
import { type VelvetComponentProps, velvetComponent } from './velvet-component.js';

/** The props of {@link VelvetLogin}: the element's properties, HTML attributes, and the two callbacks. */
export type VelvetLoginProps = VelvetComponentProps<VelvetLoginElement>;

/**
 * The sign-in widget as a React component. Props are the element's properties (`publicToken`,
 * `config`, `apiBase`, `strings`, `client`, `callbacks`), any HTML attribute (`className`,
 * `style`, `id`), and `onEvent`/`onError`, called with the event details. The ref is the
 * `<velvet-login>` element.
 */
export const VelvetLogin = velvetComponent(VELVET_LOGIN_TAG, VelvetLoginElement, 'VelvetLogin');

export type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
export type { VelvetLoginElement };
