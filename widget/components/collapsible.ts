import { html, LitElement, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';

let instances = 0;

/** The detail of `velvet-toggle`. */
export interface ToggleEventDetail {
  /** Whether the section is now open. */
  readonly open: boolean;
}

/**
 * @summary A section whose content a button shows and hides.
 *
 * The content is the element's own child nodes. There is no shadow root to slot them into,
 * so the element moves its child nodes into the content region when it first renders, and
 * moves any node later appended directly to the element there too. Nodes that a parent Lit
 * template renders as the element's children keep updating in place, because their markers
 * move with them. Write the content as children:
 *
 * ```html
 * <velvet-collapsible summary="Why a passcode?">
 *   <p>It keeps your account safe.</p>
 * </velvet-collapsible>
 * ```
 *
 * The summary is a button with `aria-expanded` and `aria-controls`; the content is a
 * `role="region"` named by the button and `hidden` while closed. Renders into its own light DOM
 * (no shadow root), so the widget's one stylesheet reaches it.
 *
 * @event velvet-toggle - The user opened or closed the section. Detail: `{open}`.
 *
 * @csspart collapsible - The wrapper around the summary and the content.
 * @csspart collapsible-summary - The summary `<button>`.
 * @csspart collapsible-icon - The chevron, turned while open.
 * @csspart collapsible-content - The content region.
 *
 * @cssproperty --velvet-text - The summary's colour.
 * @cssproperty --velvet-border - The line under the summary.
 * @cssproperty --velvet-primary - The focus ring.
 * @cssproperty --velvet-font-family - The summary's font.
 */
@customElement('velvet-collapsible')
export class VelvetCollapsible extends LitElement {
  /** The summary button's text. */
  @property() summary = '';

  /** Whether the content is shown. Setting it does not fire `velvet-toggle`. */
  @property({ type: Boolean, reflect: true }) open = false;

  private readonly baseId = `velvet-collapsible-${++instances}`;
  /** The nodes Lit rendered into the element: its marker and the wrapper. */
  private ownNodes: ReadonlySet<Node> | undefined;
  private readonly childObserver = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) this.adopt(node);
    }
  });

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    if (!this.ownNodes) return;
    this.adoptStrayChildren();
    this.childObserver.observe(this, { childList: true });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.childObserver.disconnect();
  }

  protected override update(changed: PropertyValues<this>): void {
    if (this.ownNodes) {
      super.update(changed);
      return;
    }
    const content = new Set(this.childNodes);
    super.update(changed);
    this.ownNodes = new Set([...this.childNodes].filter((node) => !content.has(node)));
    this.adoptStrayChildren();
    if (this.isConnected) this.childObserver.observe(this, { childList: true });
  }

  protected override render(): unknown {
    return html`<div class="velvet-collapsible" part="collapsible">
      <button
        type="button"
        id="${this.baseId}-summary"
        class="velvet-collapsible__summary"
        part="collapsible-summary"
        aria-expanded=${this.open ? 'true' : 'false'}
        aria-controls="${this.baseId}-content"
        @click=${this.handleClick}
      >
        <span class="velvet-collapsible__label">${this.summary}</span>
        <svg class="velvet-collapsible__icon" part="collapsible-icon" viewBox="0 0 24 24"
          width="20" height="20" aria-hidden="true" focusable="false"><path d="m6 9 6 6 6-6"
          fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"
          stroke-linejoin="round"/></svg>
      </button>
      <div
        id="${this.baseId}-content"
        class="velvet-collapsible__content"
        part="collapsible-content"
        role="region"
        aria-labelledby="${this.baseId}-summary"
        ?hidden=${!this.open}
      ></div>
    </div>`;
  }

  /** Moves every direct child that Lit did not render into the region, in order. */
  private adoptStrayChildren(): void {
    for (const node of [...this.childNodes]) this.adopt(node);
  }

  private adopt(node: Node): void {
    const region = this.querySelector<HTMLElement>(`#${this.baseId}-content`);
    if (!region || node.parentNode !== this || this.ownNodes?.has(node)) return;
    region.append(node);
  }

  private handleClick(): void {
    this.open = !this.open;
    this.dispatchEvent(
      new CustomEvent<ToggleEventDetail>('velvet-toggle', {
        bubbles: true,
        composed: true,
        detail: { open: this.open },
      }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-collapsible': VelvetCollapsible;
  }
  interface HTMLElementEventMap {
    'velvet-toggle': CustomEvent<ToggleEventDetail>;
  }
}
