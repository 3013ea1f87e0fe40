/**
 * The React UI test page's script (bundled by `sdk-bundle.ts`): `@stytch/react` 20's prebuilt
 * login form (`<StytchLogin>` with the password product) or its reset-password screen
 * (`<StytchPasswordReset>` with the link's token), inside `<StytchProvider>`, rendered by React 19
 * and pointed at Velvet, as an application written from Stytch's React docs would. The callbacks'
 * events and errors go to `window.stytchEvents` and `window.stytchErrors`; the client is
 * `window.stytch` for the tests' calls. (Plain `createElement`: the e2e files are not JSX.)
 */
import {
  createStytchClient,
  Products,
  StytchLogin,
  StytchPasswordReset,
  StytchProvider,
} from '@stytch/react';
import type { StytchClient } from '@stytch/vanilla-js/headless';
import { createElement, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
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
const client = createStytchClient(
  config.publicToken,
  sdkOptions(config) as Parameters<typeof createStytchClient>[1],
);
page.stytch = client as unknown as StytchClient;

/** `?ui=passwords` (the login form) or `reset` (the reset screen for the link's `token`). */
const params = new URLSearchParams(location.search);
const mode = params.get('ui') ?? 'passwords';
const loginConfig = {
  products: [Products.passwords],
  passwordOptions: {
    loginRedirectURL: `${location.origin}/react-ui.html?ui=passwords`,
    resetPasswordRedirectURL: `${location.origin}/react-ui.html?ui=reset`,
    resetPasswordExpirationMinutes: 30,
  },
};
const callbacks = {
  onEvent: (event: { type: string }) => page.stytchEvents.push(event.type),
  onError: (error: { message?: string }) => page.stytchErrors.push(String(error.message)),
};
const screen =
  mode === 'reset'
    ? createElement(StytchPasswordReset, {
        config: loginConfig,
        callbacks,
        passwordResetToken: params.get('token') ?? '',
      } as Parameters<typeof StytchPasswordReset>[0])
    : createElement(StytchLogin, { config: loginConfig, callbacks } as Parameters<
        typeof StytchLogin
      >[0]);
const container = document.getElementById('login');
if (!container) throw new Error('no #login element');
createRoot(container).render(
  createElement(StrictMode, null, createElement(StytchProvider, { stytch: client }, screen)),
);
