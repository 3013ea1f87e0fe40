import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { repeat } from 'lit/directives/repeat.js';
import {
  type Toast,
  type ToastOptions,
  ToastStore,
  ToastType,
  type TypedToastOptions,
} from './toast-store.js';

const icons: Readonly<Partial<Record<ToastType, TemplateResult>>> = {
  error: html`<svg class="velvet-toast__icon" part="toast-icon" viewBox="0 0 24 24" width="20"
    height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="none"
    stroke="currentColor" stroke-width="2"/><path d="M12 7v6" stroke="currentColor"
    stroke-width="2" stroke-linecap="round"/><circle cx="12" cy="16.5" r="1.25"
    fill="currentColor"/></svg>`,
  success: html`<svg class="velvet-toast__icon" part="toast-icon" viewBox="0 0 24 24" width="20"
    height="20" aria-hidden="true" focusable="false"><circle cx="12" cy="12" r="9" fill="none"
    stroke="currentColor" stroke-width="2"/><path d="m8 12.5 2.75 2.75L16.5 9.5" fill="none"
    stroke="currentColor" stroke-width="2" stroke-linecap="round"
    stroke-linejoin="round"/></svg>`,
  loading: html`<svg class="velvet-toast__icon velvet-toast__spinner" part="toast-icon"
    viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><circle
    cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="2" opacity="0.25"/><path
    d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" stroke-width="2"
    stroke-linecap="round"/></svg>`,
};

/**
 * @summary The stack of toasts: short messages that dismiss themselves.
 *
 * Shows the toasts of its {@link ToastStore} (a new store of its own unless `store` is set),
 * newest on top. The stack is a polite live region, so screen readers announce a new toast;
 * an error toast's message is a `role="alert"`, announced at once. Each toast has a close
 * button. A dismissed toast turns invisible (`data-visible="false"`, a fade that
 * `prefers-reduced-motion` turns off), leaves the accessibility tree and is removed 1 s
 * later. While the pointer or keyboard focus is on the stack, toasts do not dismiss
 * themselves. Renders into its own light DOM (no shadow root), so the widget's one
 * stylesheet reaches it.
 *
 * The methods `toast`, `blank`, `error`, `success`, `loading`, `custom` and `dismiss` are the
 * store's, and `removeToast` is its `remove` (an element's `remove()` detaches it); the
 * durations, the limit of 20 and the removal delay are the store's too.
 *
 * @csspart toaster - The live region holding the toasts.
 * @csspart toast - Each toast.
 * @csspart toast-icon - A toast's icon (error, success and loading toasts).
 * @csspart toast-message - A toast's text.
 * @csspart toast-close - A toast's close button.
 *
 * @cssproperty --velvet-background - The toasts' background.
 * @cssproperty --velvet-text - The toasts' text.
 * @cssproperty --velvet-border - The toasts' border.
 * @cssproperty --velvet-error - The error icon's colour.
 * @cssproperty --velvet-success - The success icon's colour.
 * @cssproperty --velvet-primary - The loading spinner and the focus ring.
 * @cssproperty --velvet-font-family - The toasts' font.
 * @cssproperty --velvet-toaster-offset - The distance from the top of the viewport (16px).
 */
@customElement('velvet-toaster')
export class VelvetToaster extends LitElement {
  /** The toasts and their timers. Replace it to share one store or to inject a clock. */
  @property({ attribute: false }) store = new ToastStore();

  /** The accessible name of the close buttons, from the string catalogue. */
  @property({ attribute: 'dismiss-label' }) dismissLabel = 'Dismiss';

  /** The accessible name of the toast region, from the string catalogue. */
  @property() label = 'Notifications';

  @state() private toasts: readonly Toast[] = [];
  private unsubscribe: (() => void) | undefined;

  /** Renders into the element itself: the widget has one root and one stylesheet. */
  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.subscribe();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.unsubscribe?.();
    this.unsubscribe = undefined;
    this.store.resume();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (changed.has('store') && this.isConnected) this.subscribe();
  }

  /** Shows a toast (see {@link ToastStore.toast}) and returns its id. */
  toast(message: string, options?: ToastOptions): string {
    return this.store.toast(message, options);
  }

  /** Shows a blank toast and returns its id. */
  blank(message: string, options?: TypedToastOptions): string {
    return this.store.blank(message, options);
  }

  /** Shows an error toast and returns its id. */
  error(message: string, options?: TypedToastOptions): string {
    return this.store.error(message, options);
  }

  /** Shows a success toast and returns its id. */
  success(message: string, options?: TypedToastOptions): string {
    return this.store.success(message, options);
  }

  /** Shows a loading toast and returns its id. */
  loading(message: string, options?: TypedToastOptions): string {
    return this.store.loading(message, options);
  }

  /** Shows a custom toast and returns its id. */
  custom(message: string, options?: TypedToastOptions): string {
    return this.store.custom(message, options);
  }

  /** Dismisses the toast with `id`, or every toast. */
  dismiss(id?: string): void {
    this.store.dismiss(id);
  }

  /**
   * Removes the toast with `id`, or every toast, at once: the store's `remove`, renamed
   * because `remove()` on an element detaches the element.
   */
  removeToast(id?: string): void {
    this.store.remove(id);
  }

  protected override render(): unknown {
    return html`<div
      class="velvet-toaster"
      part="toaster"
      role="region"
      aria-label=${this.label}
      @mouseenter=${this.pause}
      @mouseleave=${this.resumeUnlessFocused}
      @focusin=${this.pause}
      @focusout=${this.handleFocusOut}
    >
      <div class="velvet-toaster__list" aria-live="polite">
        ${repeat(
          [...this.toasts].reverse(),
          (toast) => toast.id,
          (toast) => this.renderToast(toast),
        )}
      </div>
    </div>`;
  }

  private renderToast(toast: Toast): TemplateResult {
    return html`<div
      class="velvet-toast velvet-toast--${toast.type}"
      part="toast"
      data-toast-id=${toast.id}
      data-visible=${toast.visible ? 'true' : 'false'}
      aria-hidden=${toast.visible ? nothing : 'true'}
      ?inert=${!toast.visible}
    >
      ${icons[toast.type] ?? nothing}
      <div
        class="velvet-toast__message"
        part="toast-message"
        role=${toast.type === ToastType.ERROR ? 'alert' : nothing}
      >
        ${toast.message}
      </div>
      <button
        type="button"
        class="velvet-toast__close"
        part="toast-close"
        aria-label=${this.dismissLabel}
        @click=${() => this.store.dismiss(toast.id)}
      >
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false"><path
          d="M6 6l12 12M18 6 6 18" stroke="currentColor" stroke-width="2"
          stroke-linecap="round"/></svg>
      </button>
    </div>`;
  }

  private subscribe(): void {
    this.unsubscribe?.();
    this.toasts = this.store.toasts;
    this.unsubscribe = this.store.subscribe((toasts) => {
      this.toasts = toasts;
    });
  }

  private readonly pause = (): void => {
    this.store.pause();
  };

  private readonly resumeUnlessFocused = (): void => {
    if (!this.matches(':focus-within')) this.store.resume();
  };

  private readonly handleFocusOut = (event: FocusEvent): void => {
    const next = event.relatedTarget;
    if (next instanceof Node && this.contains(next)) return;
    if (!this.matches(':hover')) this.store.resume();
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-toaster': VelvetToaster;
  }
}
