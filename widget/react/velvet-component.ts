/**
 * The factory of the React wrappers (`<VelvetLogin>`, `<VelvetPasskeyRegistration>`,
 * `<VelvetIdentityProvider>`): an element wrapped with `@lit/react`, so React sets its properties
 * (`publicToken`, `config`, `client`, …) as properties, not attributes, and hands its
 * `velvet-event` and `velvet-error` events to `onEvent` and `onError` as their details. A ref
 * reaches the element itself. It imports no element: each wrapper's module imports its own, so a
 * page that uses one wrapper loads one element.
 */
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react';
import * as React from 'react';
import type { VelvetErrorDetail, VelvetEventDetail } from '../events.js';

/** The element's events as `@lit/react` props: `onVelvetEvent` and `onVelvetError`. */
type VelvetEvents = {
  onVelvetEvent: EventName<CustomEvent<VelvetEventDetail>>;
  onVelvetError: EventName<CustomEvent<VelvetErrorDetail>>;
};

const VELVET_EVENTS: VelvetEvents = {
  onVelvetEvent: 'velvet-event' as EventName<CustomEvent<VelvetEventDetail>>,
  onVelvetError: 'velvet-error' as EventName<CustomEvent<VelvetErrorDetail>>,
};

/**
 * The element's children are its own: it renders its screens into them once defined, which may
 * be before React hydrates a server-rendered page. An empty inner HTML that React sets once and
 * never compares keeps React from calling them a hydration mismatch and rendering again.
 */
const OWN_CHILDREN = { __html: '' } as const;

/**
 * The props of a wrapper of element `E`: its properties, HTML attributes, and the two callbacks
 * (no children: the element's own).
 */
export type VelvetComponentProps<E extends HTMLElement> = Omit<
  React.ComponentPropsWithoutRef<ReactWebComponent<E, VelvetEvents>>,
  'onVelvetEvent' | 'onVelvetError' | 'onError' | 'children' | 'dangerouslySetInnerHTML'
> & {
  /** Called with the detail of each `velvet-event` (`{type, data}`). */
  onEvent?: (detail: VelvetEventDetail) => void;
  /** Called with the detail of each `velvet-error` (`{message, errorType?}`). */
  onError?: (detail: VelvetErrorDetail) => void;
};

/** A wrapper of element `E`, whose ref is the element. */
export type VelvetComponent<E extends HTMLElement> = React.ForwardRefExoticComponent<
  VelvetComponentProps<E> & React.RefAttributes<E>
>;

/**
 * Wraps the element class `elementClass`, defined (in a browser) as `tagName`, as the React
 * component `displayName`.
 */
export function velvetComponent<E extends HTMLElement>(
  tagName: string,
  elementClass: new () => E,
  displayName: string,
): VelvetComponent<E> {
  // Typed loosely inside: the props' type over any element `E` is too large for tsc to compare;
  // the component's type is the precise one below.
  const Wrapped: React.ElementType = createComponent({
    react: React,
    tagName,
    elementClass,
    events: VELVET_EVENTS,
    displayName: `${displayName}Element`,
  });
  type Callbacks = Pick<VelvetComponentProps<HTMLElement>, 'onEvent' | 'onError'>;
  const component = React.forwardRef<E, Callbacks>(({ onEvent, onError, ...props }, ref) => {
    // The newest callbacks, read when an event comes: the listeners on the element stay the
    // same when a parent passes new functions on each render.
    const latest = React.useRef<Callbacks>({ onEvent, onError });
    latest.current = { onEvent, onError };
    const onVelvetEvent = React.useCallback(
      (event: CustomEvent<VelvetEventDetail>) => latest.current.onEvent?.(event.detail),
      [],
    );
    const onVelvetError = React.useCallback(
      (event: CustomEvent<VelvetErrorDetail>) => latest.current.onError?.(event.detail),
      [],
    );
    return React.createElement(Wrapped, {
      ...props,
      ref,
      dangerouslySetInnerHTML: OWN_CHILDREN,
      onVelvetEvent,
      onVelvetError,
    });
  });
  component.displayName = displayName;
  return component as unknown as VelvetComponent<E>;
}
