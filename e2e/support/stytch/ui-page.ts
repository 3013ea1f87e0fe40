/**
 * The UI test page's script (bundled by `sdk-bundle.ts`): Stytch's prebuilt login form
 * (`StytchUIClient.mountLogin`) with the passcode product by SMS or the password product, or its
 * reset-password screen (`mountResetPassword`), pointed at Velvet. The
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

/**
 * The page's form, by `?ui=`: `otp` (the default: the passcode product by SMS), `passwords` (the
 * password product, with the login and reset redirect URLs of `passwordOptions`), or `reset` (the
 * reset-password screen for the link's `token`).
 */
const mode = new URLSearchParams(location.search).get('ui') ?? 'otp';
const passwordOptions = {
  loginRedirectURL: `${location.origin}/ui.html?ui=passwords`,
  resetPasswordRedirectURL: `${location.origin}/ui.html?ui=reset`,
  resetPasswordExpirationMinutes: 30,
};
const loginConfig =
  mode === 'otp'
    ? { products: [Products.otp], otpOptions: { methods: ['sms'], expirationMinutes: 10 } }
    : { products: [Products.passwords], passwordOptions };
const props = {
  client,
  config: loginConfig,
  callbacks: {
    onEvent: (event: { type: string }) => page.stytchEvents.push(event.type),
    onError: (error: { message?: string }) => page.stytchErrors.push(String(error.message)),
  },
  ...(mode === 'reset' && {
    passwordResetToken: new URLSearchParams(location.search).get('token') ?? '',
  }),
} as unknown as Omit<Parameters<StytchUIClient['mountLogin']>[0], 'elementId'>;
const mount = (mode === 'reset' ? client.mountResetPassword : client.mountLogin).bind(client) as (
  options: unknown,
) => { render(props: unknown): void } | null;
const node = mount({ elementId: '#login', ...props });
// SDK 6.3.0 creates the element without its props on the first mount and so renders nothing;
// handing them to the element once more (as mounting twice does) renders the form.
node?.render(props);
