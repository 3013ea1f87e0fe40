/**
 * What the Stytch-SDK test pages share with the tests: the settings the page server writes into
 * each page, and the globals the pages leave on `window` for the tests to drive.
 */
import type { StytchClient } from '@stytch/vanilla-js/headless';

/** The settings a test page reads (the page server writes them as `window.stytchTestConfig`). */
export interface StytchPageConfig {
  /** Velvet's origin: the SDK's `testAPIURL` and `liveAPIURL`. */
  apiUrl: string;
  /** The project's public token; a page's `?public_token=` overrides it. */
  publicToken: string;
  /** The local stand-in for Stytch's clientside-services iframe. */
  clientsideServicesIframeURL: string;
}

/** The globals of a test page. */
export interface StytchTestWindow {
  stytchTestConfig: StytchPageConfig;
  /** The SDK client the page made (`StytchClient`, or `StytchUIClient` on the UI page). */
  stytch: StytchClient;
  /** The UI page: the `type` of every event its `onEvent` callback saw, in order. */
  stytchEvents: string[];
  /** The UI page: the messages of the errors its `onError` callback saw. */
  stytchErrors: string[];
  /** See {@link installCallBridge}. */
  stytchCall(call: (client: StytchClient, arg: unknown) => unknown, arg: unknown): Promise<unknown>;
}

/** The page's settings, with the public token from the address when it names one. */
export function readPageConfig(): StytchPageConfig {
  const config = (window as unknown as StytchTestWindow).stytchTestConfig;
  const publicToken = new URLSearchParams(location.search).get('public_token');
  return publicToken ? { ...config, publicToken } : config;
}

/**
 * The client options that point the SDK at Velvet and at the local iframe. `endpoints` is not
 * in the SDK's public types (its `customBaseUrl` forces https), hence the cast.
 */
export function sdkOptions(
  config: StytchPageConfig,
): ConstructorParameters<typeof StytchClient>[1] {
  return {
    endpoints: {
      testAPIURL: config.apiUrl,
      liveAPIURL: config.apiUrl,
      clientsideServicesIframeURL: config.clientsideServicesIframeURL,
    },
  } as unknown as ConstructorParameters<typeof StytchClient>[1];
}

/** What a rejected SDK call threw, as plain data. */
export interface Thrown {
  thrown: true;
  name: string;
  message: string;
  error_type?: string;
  status_code?: number;
}

/**
 * Leaves `window.stytchCall(call, arg)` for the tests: it runs `call(window.stytch, arg)` and
 * resolves to the result, or to what the call threw as plain data (an `Error` does not cross
 * Playwright's boundary with its fields).
 */
export function installCallBridge(): void {
  (window as unknown as StytchTestWindow).stytchCall = async (call, arg) => {
    try {
      return await call((window as unknown as StytchTestWindow).stytch, arg);
    } catch (error) {
      const e = error as Partial<Thrown>;
      return {
        thrown: true,
        name: String(e.name),
        message: String(e.message),
        error_type: e.error_type,
        status_code: e.status_code,
      } satisfies Thrown;
    }
  };
}
