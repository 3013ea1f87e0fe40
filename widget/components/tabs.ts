import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { requestStyles } from '../element/style-sheets.js';
import { tabsStyles } from './tabs.styles.js';

/** One tab: a stable id (also the end of its tab's and panel's element ids) and its label. */
export interface TabItem {
  readonly id: string;
  readonly label: string;
}

/** The detail of `velvet-tab-change`. */
export interface TabChangeEventDetail {
  /** The id of the tab the user selected. */
  readonly id: string;
}

/** Keys that move the selection, and where to. */
const NAVIGATION_KEYS = ['ArrowLeft', 'ArrowRight', 'Home', 'End'] as const;
type NavigationKey = (typeof NAVIGATION_KEYS)[number];

function isNavigationKey(key: string): key is NavigationKey {
  return (NAVIGATION_KEYS as readonly string[]).includes(key);
}

/**
 * @summary A row of tabs choosing one of several panels, such as the sign-in method.
 *
 * Renders a `role="tablist"` of `role="tab"` buttons, only when there are at least two tabs
 * (the spec shows tabs only when more than one method exists). The panels belong to the
 * host: give each panel the id `${panelIdPrefix}${tab.id}` and `role="tabpanel"`; each tab's
 * `aria-controls` points at it. The widget leaves the panels without `aria-labelledby`: the tab
 * "Email" would name its panel "Email" too, so a page's `getByLabel('Email')` would find the
 * panel beside the email field (the tab itself still says which panel is shown).
 *
 * Selection follows focus: ArrowLeft and ArrowRight move to the previous and next tab,
 * wrapping around (reversed in right-to-left text), Home and End to the first and last; only
 * the selected tab is in the Tab order (roving `tabindex`). Enter, Space and clicks select
 * a tab too. Renders into its own light DOM (no shadow root), so the widget's one stylesheet
 * reaches it.
 *
 * @event velvet-tab-change - The user selected another tab. Detail: `{id}`.
 *
 * @csspart tablist - The `role="tablist"` row.
 * @csspart tab - Each tab button.
 * @csspart tab-selected - The selected tab button, in addition to `tab`.
 *
 * @cssproperty --velvet-primary - The selected tab's text and underline, and the focus ring.
 * @cssproperty --velvet-secondary - The other tabs' text.
 * @cssproperty --velvet-border - The line under the row.
 * @cssproperty --velvet-font-family - The labels' font.
 */
@customElement('velvet-tabs')
export class VelvetTabs extends LitElement {
  /** The tabs, in order. */
  @property({ attribute: false }) tabs: readonly TabItem[] = [];

  /** The selected tab's id; an unknown or empty id selects the first tab. */
  @property() selected = '';

  /** The tab list's accessible name, from the string catalogue. */
  @property() label = 'Sign-in method';

  /** Prefix of the panels' ids: tab `x` controls the element with id `${panelIdPrefix}x`. */
  @property({ attribute: 'panel-id-prefix' }) panelIdPrefix = 'velvet-tabpanel-';

  /** Prefix of the tabs' own ids: tab `x` has the id `${tabIdPrefix}x`. */
  @property({ attribute: 'tab-id-prefix' }) tabIdPrefix = 'velvet-tab-';

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /** Its CSS comes with it: the widget around it adopts it. */
  override connectedCallback(): void {
    super.connectedCallback();
    requestStyles(this, tabsStyles);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    const first = this.tabs[0];
    if (first && !this.tabs.some((tab) => tab.id === this.selected)) this.selected = first.id;
  }

  protected override render(): unknown {
    if (this.tabs.length < 2) return nothing;
    return html`<div
      class="velvet-tabs"
      part="tablist"
      role="tablist"
      aria-label=${this.label}
      @keydown=${this.handleKeydown}
    >
      ${this.tabs.map((tab) => {
        const selected = tab.id === this.selected;
        return html`<button
          type="button"
          role="tab"
          id="${this.tabIdPrefix}${tab.id}"
          class="velvet-tabs__tab"
          part=${selected ? 'tab tab-selected' : 'tab'}
          aria-selected=${selected ? 'true' : 'false'}
          aria-controls="${this.panelIdPrefix}${tab.id}"
          tabindex=${selected ? '0' : '-1'}
          data-tab-id=${tab.id}
          @click=${() => this.select(tab.id)}
        >
          ${tab.label}
        </button>`;
      })}
    </div>`;
  }

  private handleKeydown(event: KeyboardEvent): void {
    if (!isNavigationKey(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const count = this.tabs.length;
    const current = this.tabs.findIndex((tab) => tab.id === this.selected);
    const step = getComputedStyle(this).direction === 'rtl' ? -1 : 1;
    const index = {
      ArrowLeft: (current - step + count) % count,
      ArrowRight: (current + step + count) % count,
      Home: 0,
      End: count - 1,
    }[event.key];
    const tab = this.tabs[index];
    if (!tab) return;
    event.preventDefault();
    this.select(tab.id);
    this.tabButton(tab.id)?.focus();
  }

  private tabButton(id: string): HTMLButtonElement | undefined {
    return [...this.querySelectorAll<HTMLButtonElement>('.velvet-tabs__tab')].find(
      (button) => button.dataset.tabId === id,
    );
  }

  private select(id: string): void {
    if (id === this.selected) return;
    this.selected = id;
    this.dispatchEvent(
      new CustomEvent<TabChangeEventDetail>('velvet-tab-change', {
        bubbles: true,
        composed: true,
        detail: { id },
      }),
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-tabs': VelvetTabs;
  }
  interface HTMLElementEventMap {
    'velvet-tab-change': CustomEvent<TabChangeEventDetail>;
  }
}
