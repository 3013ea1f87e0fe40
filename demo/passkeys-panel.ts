/**
 * The passkeys panel: once the widget has signed someone in, `<velvet-passkey-registration>`
 * on the same client, to create, rename and delete passkeys; then sign out (the session panel)
 * and sign back in with one, by autofill in the phone or email field, or by the button in a
 * browser without autofill.
 */
import { html, type TemplateResult } from 'lit';
import type { VelvetClient } from '../widget/client/velvet-client.js';
import type { VelvetConfig } from '../widget/config/widget-config.js';
import type { VelvetCallbacks } from '../widget/events.js';
import '../widget/products/passkeys/passkey-registration.js';

/** What the panel shows. */
export interface PasskeysView {
  readonly client: VelvetClient;
  readonly publicToken: string;
  readonly origin: string;
  readonly config: Partial<VelvetConfig>;
  readonly callbacks: VelvetCallbacks;
  readonly signedIn: boolean;
}

/** The passkeys panel. */
export function passkeysPanel(view: PasskeysView): TemplateResult {
  return html`<section class="panel" aria-labelledby="passkeys-title">
    <h2 id="passkeys-title">Passkeys</h2>
    ${
      view.signedIn
        ? html`<velvet-passkey-registration
            public-token=${view.publicToken}
            api-base=${view.origin}
            .client=${view.client}
            .config=${{ ...view.config.theme, sessionOptions: view.config.sessionOptions }}
            .callbacks=${view.callbacks}
          ></velvet-passkey-registration>`
        : html`<p class="hint">
            Sign in with the widget to create a passkey here (<code>&lt;velvet-passkey-registration&gt;</code>,
            from <code>/widget/passkey-registration.js</code>). Then revoke the session and sign back in
            with it: the phone or email field offers it in the browser’s autofill.
          </p>`
    }
  </section>`;
}
