/**
 * The UI test page's script (bundled by `sdk-bundle.ts`): Stytch's prebuilt login form
 * (`StytchUIClient.mountLogin`) with the passcode product by SMS, pointed at Velvet. The
 * callbacks' events and errors go to `window.stytchEvents` and `window.stytchErrors`.
 */
import { Products, StytchUIClient } from '@stytch/vanilla-js';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import {
  installCallBridge,
  readPageConfig,
  type StytchTestWindow,
  sdkOptions,
} from './page-config.js';

installCallBridge();
const config = readPageConfig();
const page = window as unknown as StytchTestWindow;
page.stytchEvents = [];
page.stytchErrors = [];
const client = new StytchUIClient(config.publicToken, sdkOptions(config));
page.stytch = client as unknown as StytchClient;

const props = {
  client,
  config: {
    products: [Products.otp],
    otpOptions: { methods: ['sms'], expirationMinutes: 10 },
  },
  callbacks: {
    onEvent: (event: { type: string }) => page.stytchEvents.push(event.type),
    onError: (error: { message?: string }) => page.stytchErrors.push(String(error.message)),
  },
} as unknown as Omit<Parameters<StytchUIClient['mountLogin']>[0], 'elementId'>;
const node = client.mountLogin({ elementId: '#login', ...props }) as unknown as {
  render(props: unknown): void;
} | null;
// SDK 6.3.0 creates the element without its props on the first mount and so renders nothing;
// handing them to the element once more (as mounting twice does) renders the form.
node?.render(props);
