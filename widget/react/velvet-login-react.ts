/**
 * `<VelvetLogin>` for React: the `<velvet-login>` element wrapped with `@lit/react`, so React
 * sets its properties (`publicToken`, `config`, `apiBase`, `strings`, `client`, …) as properties,
 * not attributes, and hands its `velvet-event` and `velvet-error` events to `onEvent` and
 * `onError` as their details. A ref reaches the element itself.
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
import { createComponent, type EventName } from '@lit/react';
import * as React from 'react';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
import { VELVET_LOGIN_TAG, VelvetLogin as VelvetLoginElement } from '../velvet.js';

/** The element wrapped as is: its events as `onVelvetEvent` and `onVelvetError`. */
const VelvetLoginWrapped = createComponent({
  react: React,
  tagName: VELVET_LOGIN_TAG,
  elementClass: VelvetLoginElement,
  events: {
    onVelvetEvent: 'velvet-event' as EventName<CustomEvent<VelvetEventDetail>>,
    onVelvetError: 'velvet-error' as EventName<CustomEvent<VelvetErrorDetail>>,
  },
  displayName: 'VelvetLoginElement',
});

type WrappedProps = React.ComponentPropsWithoutRef<typeof VelvetLoginWrapped>;

/**
 * The element's children are its own: it renders its screens into them once defined, which may
 * be before React hydrates a server-rendered page. An empty inner HTML that React sets once and
 * never compares keeps React from calling them a hydration mismatch and rendering again.
 */
const OWN_CHILDREN = { __html: '' } as const;

/** The props of {@link VelvetLogin}: the element's properties, HTML attributes, and the two callbacks. */
export type VelvetLoginProps = Omit<
  WrappedProps,
  'onVelvetEvent' | 'onVelvetError' | 'onError' | 'children' | 'dangerouslySetInnerHTML'
> & {
  /** Called with the detail of each `velvet-event` (`{type, data}`). */
  onEvent?: (detail: VelvetEventDetail) => void;
  /** Called with the detail of each `velvet-error` (`{message, errorType?}`). */
  onError?: (detail: VelvetErrorDetail) => void;
};

/**
 * The sign-in widget as a React component. Props are the element's properties (`publicToken`,
 * `config`, `apiBase`, `strings`, `client`, `callbacks`), any HTML attribute (`className`,
 * `style`, `id`), and `onEvent`/`onError`, called with the event details. The ref is the
 * `<velvet-login>` element.
 */
export const VelvetLogin = React.forwardRef<VelvetLoginElement, VelvetLoginProps>(
  function VelvetLogin({ onEvent, onError, ...props }, ref) {
    // The newest callbacks, read when an event comes: the listeners on the element stay the same
    // when a parent passes new functions on each render.
    const latest = React.useRef({ onEvent, onError });
    latest.current = { onEvent, onError };
    const onVelvetEvent = React.useCallback(
      (event: CustomEvent<VelvetEventDetail>) => latest.current.onEvent?.(event.detail),
      [],
    );
    const onVelvetError = React.useCallback(
      (event: CustomEvent<VelvetErrorDetail>) => latest.current.onError?.(event.detail),
      [],
    );
    return React.createElement(VelvetLoginWrapped, {
      ...props,
      ref,
      dangerouslySetInnerHTML: OWN_CHILDREN,
      onVelvetEvent,
      onVelvetError,
    });
  },
);

export type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';
export type { VelvetLoginElement };
