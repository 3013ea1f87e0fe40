/**
 * Google One Tap as the OAuth product loads it (`widget/products/oauth/one-tap-hook.ts`): the
 * prompt for the Google provider that sets `one_tap`, standing alone when the spec's rule holds
 * (OAuth the only product, Google the only provider, `one_tap` true and its position valid),
 * else above the 'Continue with X' buttons. The sign-in on the page the prompt's redirect opens is
 * the OAuth product's, as for any provider.
 */
import { html } from 'lit';
import type { OneTapPlugin } from '../oauth/index.js';
import './google-one-tap.js';
import { browserHasFedCM, isOnlyFloatingOneTap } from './one-tap-rules.js';

/** The plugin the OAuth buttons render One Tap with. */
const oneTapPlugin: OneTapPlugin = {
  alone: (context) => isOnlyFloatingOneTap(context.config, browserHasFedCM()),
  render: (context, provider) =>
    html`<velvet-google-one-tap
      .context=${context}
      .provider=${provider}
      ?alone=${isOnlyFloatingOneTap(context.config, browserHasFedCM())}
    ></velvet-google-one-tap>`,
};

export default oneTapPlugin;
