import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';

/** How long the bar takes to fill to ~90 % while loading (spec section 9: 10 s). */
export { PROGRESS_ANIMATION_MS } from './progress-bar.styles.js';

/**
 * @summary The slim loading bar at the top of the widget.
 *
 * While `active`, an indeterminate `role="progressbar"` (named by `label`, `aria-busy="true"`)
 * fills from 0 to 90 % over {@link PROGRESS_ANIMATION_MS} (10 s) and then waits there; each
 * activation starts again from 0. With `prefers-reduced-motion: reduce` it shows a still bar
 * instead. Inactive, only an empty track of the bar's height is rendered, hidden from
 * assistive technology, so the layout does not jump when loading starts. Renders into its
 * own light DOM (no shadow root), so the widget's one stylesheet reaches it.
 *
 * @csspart progress-bar - The track: a `role="progressbar"` while active.
 * @csspart progress-bar-indicator - The filling bar.
 *
 * @cssproperty --velvet-primary - The bar's colour.
 * @cssproperty --velvet-progress-bar-height - The bar's height (default 3px).
 */
@customElement('velvet-progress-bar')
export class VelvetProgressBar extends LitElement {
  /** Whether something is loading. */
  @property({ type: Boolean, reflect: true }) active = false;

  /** The progress bar's accessible name, from the string catalogue. */
  @property() label = 'Loading';

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    const hidden = this.active ? nothing : 'true';
    return html`<div class="velvet-progress-bar-track" aria-hidden=${hidden}>
      ${
        this.active
          ? html`<div
              class="velvet-progress-bar"
              part="progress-bar"
              role="progressbar"
              aria-label=${this.label}
              aria-busy="true"
            >
              <div class="velvet-progress-bar__indicator" part="progress-bar-indicator"></div>
            </div>`
          : nothing
      }
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-progress-bar': VelvetProgressBar;
  }
}
