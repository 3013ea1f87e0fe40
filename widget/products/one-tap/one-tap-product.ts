/**
 * Google One Tap as a product plugin (`oauth` on this build, whose only OAuth method it is): the
 * prompt for the Google provider that sets `one_tap`, alone when the config asks for nothing
 * else, and, on the page an OAuth redirect lands on, the sign-in with its token. The OAuth
 * product's redirect buttons embed `<velvet-google-one-tap>` the same way (its `fallback` is
 * their Google button).
 */
import { html, nothing } from 'lit';
import type { ProductPlugin } from '../product.js';
import './google-one-tap.js';
import './oauth-confirmation.js';
import { oneTapStyles } from './one-tap.styles.js';
import { completeOAuthFromUrl, OAUTH_CONFIRMATION } from './one-tap-flow.js';
import { browserHasFedCM, isOnlyFloatingOneTap, oneTapProvider } from './one-tap-rules.js';

/** The One Tap plugin. */
export const oneTapProduct: ProductPlugin = {
  styles: oneTapStyles,
  onLoad: completeOAuthFromUrl,
  mainSection: (context) => {
    const provider = oneTapProvider(context.config);
    if (!provider) return html`${nothing}`;
    return html`<velvet-google-one-tap
      .context=${context}
      .provider=${provider}
      ?alone=${isOnlyFloatingOneTap(context.config, browserHasFedCM())}
    ></velvet-google-one-tap>`;
  },
  screens: {
    [OAUTH_CONFIRMATION]: (context) =>
      html`<velvet-oauth-confirmation .context=${context}></velvet-oauth-confirmation>`,
  },
};
