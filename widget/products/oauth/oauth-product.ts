/**
 * The OAuth product (`oauth`): a 'Continue with X' button per configured provider on the main
 * screen (its own section, placed by product order), and, on the page a provider's redirect
 * opens (`?stytch_token_type=oauth&token=…`), the sign-in with that token. Google One Tap plugs
 * in through `one-tap-hook.ts`.
 */
import { html } from 'lit';
import type { ProductPlugin } from '../product.js';
import { oauthStyles } from './oauth.styles.js';
import { completeFromUrl } from './oauth-flow.js';
import { oneTapStyles } from './one-tap.styles.js';
import './oauth-buttons.js';

/** The OAuth product's plugin. */
export const oauthProduct: ProductPlugin = {
  // One Tap's rules are few and hide the frame around a prompt that stands alone.
  styles: oauthStyles + oneTapStyles,
  onLoad: completeFromUrl,
  mainSection: (context) =>
    html`<div class="velvet-section velvet-section--oauth">
      <velvet-oauth-buttons .context=${context}></velvet-oauth-buttons>
    </div>`,
  screens: {},
};
