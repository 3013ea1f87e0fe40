/**
 * `<velvet-oauth-buttons>`: 'Continue with X' for each configured provider, in the configured
 * order, each with its provider's mark (loaded only for the providers configured). At most 6
 * show, 5 beside crypto wallets (the main screen's social plus wallet cap, spec section 9, in
 * `shared/main-screen-buttons.ts`). An unknown provider gets a
 * button with an empty label (its accessible name still says which provider it is). After the
 * page signed in from a provider's redirect, the section says so instead.
 */
import { html, LitElement, nothing, type SVGTemplateResult } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { providerLabel } from '../../client/oauth-provider-names.js';
import type { OAuthProviderConfig } from '../../config/widget-config.js';
import type { ProductContext } from '../product.js';
import { oauthButtonCount } from '../shared/main-screen-buttons.js';
import { loadMark } from './marks.js';
import { signedInFromRedirect, startProvider } from './oauth-flow.js';
import { oauthTexts } from './oauth-strings.js';
import { ONE_TAP_LOADER, type OneTapPlugin, oneTapProvider } from './one-tap-hook.js';

/**
 * The OAuth section of the main screen.
 * @summary 'Continue with X' buttons for the configured OAuth providers (light DOM of the widget).
 */
@customElement('velvet-oauth-buttons')
export class VelvetOAuthButtons extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  private readonly marks = new Map<string, SVGTemplateResult>();
  private oneTap: OneTapPlugin | undefined;
  private oneTapRequested = false;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  private providers(): OAuthProviderConfig[] {
    const shown = oauthButtonCount(this.context.config);
    return (this.context.config.oauthOptions?.providers ?? []).slice(0, shown);
  }

  protected override willUpdate(): void {
    for (const { type } of this.providers()) {
      if (this.marks.has(type)) continue;
      const loading = loadMark(type);
      if (!loading) continue;
      loading.then(
        (mark) => {
          this.marks.set(type, mark);
          this.requestUpdate();
        },
        (error: unknown) => console.error(`<velvet-login>: the ${type} mark did not load.`, error),
      );
    }
    const tap = oneTapProvider(this.context.config.oauthOptions?.providers ?? []);
    if (tap && ONE_TAP_LOADER && !this.oneTapRequested) {
      this.oneTapRequested = true;
      ONE_TAP_LOADER().then(
        (module) => {
          this.oneTap = module.default;
          this.requestUpdate();
        },
        (error: unknown) => console.error('<velvet-login>: One Tap did not load.', error),
      );
    }
  }

  protected override render(): unknown {
    const t = oauthTexts(this.context);
    if (signedInFromRedirect()) {
      return html`<div class="velvet-oauth__done" role="status">
        <h2 class="velvet-title" part="title">${t.oauthSuccessTitle}</h2>
        <p class="velvet-text" part="text">${t.oauthSuccessText}</p>
      </div>`;
    }
    const context = this.context;
    const tap = oneTapProvider(context.config.oauthOptions?.providers ?? []);
    const prompt = tap && this.oneTap ? this.oneTap.render(context, tap) : nothing;
    if (tap && this.oneTap?.alone(context, tap)) return prompt;
    return html`${prompt}<ul class="velvet-oauth__buttons" aria-label=${t.oauthButtonsLabel}>
      ${this.providers().map((provider) => {
        const name = providerLabel(provider.type);
        const label = name ? t.continueWithProvider(name) : '';
        const mark = this.marks.get(provider.type);
        return html`<li>
          <button
            type="button"
            class="velvet-button velvet-button--secondary velvet-oauth__button"
            part="button"
            data-provider=${provider.type}
            aria-label=${label ? nothing : t.continueWithProvider(provider.type)}
            @click=${() => startProvider(provider, context)}
          >
            ${
              mark
                ? html`<svg
                  class="velvet-oauth__mark"
                  viewBox="0 0 24 24"
                  width="20"
                  height="20"
                  aria-hidden="true"
                  focusable="false"
                >${mark}</svg>`
                : nothing
            }<span>${label}</span>
          </button>
        </li>`;
      })}
    </ul>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-oauth-buttons': VelvetOAuthButtons;
  }
}
