/**
 * The passkey product (`passkeys`): the 'Login with a Passkey' button or the autofill sign-in,
 * first on the main screen, and the Passkey Confirmation screen. Loaded only when a page
 * configures passkeys; the registration component is `<velvet-passkey-registration>`.
 */
import { html } from 'lit';
import { Screen } from '../../state/screen.js';
import type { ProductPlugin } from '../product.js';
import { loadPasskeyScreens } from './passkey-flow.js';
import './passkey-login.js';
import { passkeysStyles } from './passkeys.styles.js';

/** The passkey product's plugin. */
export const passkeysProduct: ProductPlugin = {
  styles: passkeysStyles,
  mainFirst: (context) => html`<velvet-passkey-login .context=${context}></velvet-passkey-login>`,
  screens: {
    [Screen.PasskeyConfirmation]: (context) => {
      void context.load(loadPasskeyScreens);
      return html`<velvet-passkey-confirmation .context=${context}></velvet-passkey-confirmation>`;
    },
  },
};
