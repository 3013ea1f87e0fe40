/** `<velvet-email-input>`: the field of the email form (spec section 2). */
import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';

let nextId = 1;

/**
 * An email address entry: a `type="email"` field with `autocomplete="email"` and the name
 * `email`, in the element's light DOM so an enclosing form, autofill and password managers see
 * it. Validation is not done here: check `value` with `isValidEmail`
 * (`widget/validation/email.ts`).
 *
 * @summary An email address input.
 *
 * @csspart input - The field.
 *
 * @cssproperty --velvet-primary - Focus ring (#19303d).
 * @cssproperty --velvet-error - Border when `invalid` (#8b1214).
 * @cssproperty --velvet-input-text - Text colour (--velvet-text, else #19303d).
 * @cssproperty [--velvet-input-border=#5c727d] - Border.
 * @cssproperty --velvet-input-background - Background (--velvet-background, else #fff).
 * @cssproperty --velvet-font-family - Font (Arial, Helvetica, sans-serif).
 * @cssproperty --velvet-input-height - Height (2.9375rem, 47px by default).
 * @cssproperty --velvet-input-radius - Corner radius (4px).
 */
@customElement('velvet-email-input')
export class VelvetEmailInput extends LitElement {
  /** The address as typed. */
  @property() value = '';

  /** Disables the field. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Marks the address as wrong (`aria-invalid`, error border). */
  @property({ type: Boolean, reflect: true }) invalid = false;

  /** The accessible name of the field. */
  @property() label = 'Email';

  /**
   * The field's placeholder.
   *
   * Set it as a property (`.placeholder=${…}` in Lit): an attribute would stay on this element
   * too, and a page's `getByPlaceholder()` would then find two elements.
   */
  @property() placeholder = 'example@email.com';

  /** Adds `webauthn` to `autocomplete`, so the browser offers passkeys in the field's autofill. */
  @property({ type: Boolean }) webauthn = false;

  /** The id of an element describing the field, such as the error text (`aria-describedby`). */
  @property({ attribute: 'described-by' }) describedBy = '';

  private readonly inputId = `velvet-email-input-${nextId++}`;

  /** Focuses the field. */
  override focus(options?: FocusOptions): void {
    this.querySelector<HTMLInputElement>('.velvet-email-input__input')?.focus(options);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    return html`<label class="velvet-email-input__label" for=${this.inputId}>${this.label}</label>
      <input
        id=${this.inputId}
        class="velvet-email-input__input"
        part="input"
        type="email"
        name="email"
        autocomplete=${this.webauthn ? 'email webauthn' : 'email'}
        autocapitalize="off"
        spellcheck="false"
        required
        placeholder=${this.placeholder}
        aria-invalid=${this.invalid ? 'true' : nothing}
        aria-describedby=${this.describedBy || nothing}
        ?disabled=${this.disabled}
        @input=${this.onInput}
      />`;
  }

  protected override updated(): void {
    // The field shows `value` even after the user typed something else (what Lit's `live()`
    // does, without its chunk in the first render of every page with an email field).
    const input = this.querySelector<HTMLInputElement>('.velvet-email-input__input');
    if (input && input.value !== this.value) input.value = this.value;
  }

  private readonly onInput = (event: Event): void => {
    this.value = (event.target as HTMLInputElement).value;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-email-input': VelvetEmailInput;
  }
}
