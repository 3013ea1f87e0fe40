/**
 * The headless test page's script (bundled by `sdk-bundle.ts`): a `StytchClient` from
 * `@stytch/vanilla-js/headless`, unmodified, pointed at Velvet, left on `window.stytch`.
 */
import { StytchClient } from '@stytch/vanilla-js/headless';
import {
  installCallBridge,
  readPageConfig,
  type StytchTestWindow,
  sdkOptions,
} from './page-config.js';

installCallBridge();
const config = readPageConfig();
(window as unknown as StytchTestWindow).stytch = new StytchClient(
  config.publicToken,
  sdkOptions(config),
);
