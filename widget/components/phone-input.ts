/**
 * `<velvet-phone-input>`: the country select and number field of the phone form (spec section 2).
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import {
  type CountryCode,
  type CountryOption,
  countryOptions,
  countryOptionsNamed,
  DEFAULT_COUNTRY,
  dialCodeOf,
  isCountryCode,
} from '../validation/dial-codes.js';

/** The detail of `velvet-country-change`. */
export interface CountryChangeDetail {
  /** The country chosen, an ISO 3166-1 alpha-2 code. */
  readonly country: CountryCode;
}

let nextId = 1;

/**
 * A phone number entry: a country select and a `type="tel"` field with `autocomplete="tel"`
 * and the name `phone` (the select's name is `country`). Both live in the element's light DOM,
 * so an enclosing form and autofill see them.
 *
 * Each option reads '+code CountryName'; the closed select shows only '+code': a visible label
 * lies under the native select, which is transparent and covers it, so the keyboard, screen
 * readers and the option list still use the real select with the full names.
 *
 * Validation is not done here: pass `country` and `value` to `validatePhone`
 * (`widget/validation/phone.ts`).
 *
 * @summary A phone number input with a country calling-code select.
 *
 * @event {CustomEvent<CountryChangeDetail>} velvet-country-change - When the user picks another
 *   country; never when `country` is set.
 *
 * @csspart base - The row holding the country box and the field.
 * @csspart country - The country box (the `+code` label and the select over it).
 * @csspart dial-code - The visible `+code`.
 * @csspart select - The transparent native select.
 * @csspart input - The number field.
 *
 * @cssproperty --velvet-primary - Focus ring (#19303d).
 * @cssproperty --velvet-error - Field border when `invalid` (#8b1214).
 * @cssproperty --velvet-input-text - Text colour (--velvet-text, else #19303d).
 * @cssproperty [--velvet-input-border=#5c727d] - Borders.
 * @cssproperty --velvet-input-background - Background (--velvet-background, else #fff).
 * @cssproperty --velvet-font-family - Font (Arial, Helvetica, sans-serif).
 * @cssproperty --velvet-input-height - Height (2.9375rem, 47px by default).
 * @cssproperty --velvet-input-radius - Corner radius (4px).
 */
@customElement('velvet-phone-input')
export class VelvetPhoneInput extends LitElement {
  /** The selected country (ISO 3166-1 alpha-2); an unknown code shows the United States. */
  @property() country: CountryCode = DEFAULT_COUNTRY;

  /** The number as typed, without the calling code. */
  @property() value = '';

  /** Disables the select and the field. */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Marks the number as wrong (`aria-invalid`, error border). */
  @property({ type: Boolean, reflect: true }) invalid = false;

  /** The accessible name of the number field. */
  @property() label = 'Phone number';

  /** The accessible name of the country select. */
  @property({ attribute: 'country-label' }) countryLabel = 'Country code';

  /**
   * The number field's placeholder.
   *
   * Set it as a property (`.placeholder=${…}` in Lit): an attribute would stay on this element
   * too, and a page's `getByPlaceholder()` would then find two elements.
   */
  @property() placeholder = '(123) 456-7890';

  /**
   * The countries to offer (ISO 3166-1 alpha-2), such as the ones the project texts; every
   * country when unset or when none of them is known, and none for an empty list (while the
   * list is not known yet).
   */
  @property({ attribute: false }) countries: readonly string[] | undefined;

  /** The language of the country names (a BCP 47 tag). */
  @property() locale = 'en';

  /** Adds `webauthn` to `autocomplete`, so the browser offers passkeys in the field's autofill. */
  @property({ type: Boolean }) webauthn = false;

  /** The id of an element describing the field, such as the error text (`aria-describedby`). */
  @property({ attribute: 'described-by' }) describedBy = '';

  private readonly ids = nextId++;

  /** Focuses the number field. */
  override focus(options?: FocusOptions): void {
    this.querySelector<HTMLInputElement>('.velvet-phone-input__input')?.focus(options);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  /**
   * Whether the countries may be named yet. Naming them (`Intl.DisplayNames`, then sorting them
   * by name) was the costliest step of the phone form's first render on a slow phone (about a
   * tenth of a second at a 4× CPU slowdown), and the closed select shows only the `+code` beside
   * it: so a page's first phone input first offers the shown country alone, labelled by its
   * calling code, and names the countries right after its first paint.
   */
  private named = false;

  protected override firstUpdated(): void {
    // A task queued from the frame's callback runs after that frame is painted.
    requestAnimationFrame(() =>
      setTimeout(() => {
        this.named = true;
        this.requestUpdate();
      }),
    );
  }

  private get options(): readonly CountryOption[] {
    const given = this.countries;
    if (!this.named && !countryOptionsNamed(this.locale)) {
      // Before the names: the shown country alone (the one set, else the United States), by its
      // calling code, when it is offered; none when nothing is offered. When neither is offered,
      // the first by name is shown, which needs the names.
      const known = given?.filter(isCountryCode) ?? [];
      for (const country of [this.country, DEFAULT_COUNTRY]) {
        if (
          isCountryCode(country) &&
          (known.length ? known.includes(country) : given?.length !== 0)
        ) {
          const dialCode = dialCodeOf(country);
          return [{ country, dialCode, label: `+${dialCode}` }];
        }
      }
      if (given?.length === 0) return [];
    }
    const all = countryOptions(this.locale);
    const offered = all.filter((option) => given?.includes(option.country));
    return offered.length > 0 || given?.length === 0 ? offered : all;
  }

  /** The country shown: `country`, else the United States, else the first offered. */
  private get shownCountry(): CountryCode {
    const codes = this.options.map((option) => option.country);
    for (const candidate of [this.country, DEFAULT_COUNTRY]) {
      if (isCountryCode(candidate) && codes.includes(candidate)) return candidate;
    }
    return codes[0] ?? DEFAULT_COUNTRY;
  }

  protected override willUpdate(): void {
    // A country that is not offered (the default one, say) gives way to one that is.
    this.country = this.shownCountry;
  }

  protected override render(): unknown {
    const country = this.shownCountry;
    const selectId = `velvet-phone-input-${this.ids}-country`;
    const inputId = `velvet-phone-input-${this.ids}-number`;
    return html`<div class="velvet-phone-input" part="base">
      <div class="velvet-phone-input__country" part="country">
        <span class="velvet-phone-input__dial-code" part="dial-code" aria-hidden="true"
          >+${dialCodeOf(country)}</span
        >
        <label class="velvet-phone-input__label" for=${selectId}>${this.countryLabel}</label>
        <select
          id=${selectId}
          class="velvet-phone-input__select"
          part="select"
          name="country"
          ?disabled=${this.disabled}
          @change=${this.onCountryChange}
        >
          ${this.options.map(
            (option) =>
              html`<option value=${option.country} ?selected=${option.country === country}>
                ${option.label}
              </option>`,
          )}
        </select>
      </div>
      <label class="velvet-phone-input__label" for=${inputId}>${this.label}</label>
      <input
        id=${inputId}
        class="velvet-phone-input__input"
        part="input"
        type="tel"
        name="phone"
        autocomplete=${this.webauthn ? 'tel webauthn' : 'tel'}
        inputmode="tel"
        required
        placeholder=${this.placeholder}
        aria-invalid=${this.invalid ? 'true' : nothing}
        aria-describedby=${this.describedBy || nothing}
        ?disabled=${this.disabled}
        @input=${this.onNumberInput}
      />
    </div>`;
  }

  protected override updated(): void {
    // `selected` attributes pick the option at first; after the user has used the select, only
    // its `value` does.
    const select = this.querySelector<HTMLSelectElement>('.velvet-phone-input__select');
    if (select && select.value !== this.shownCountry) select.value = this.shownCountry;
    // The field shows `value` even after the user typed something else (what `live()` does).
    const input = this.querySelector<HTMLInputElement>('.velvet-phone-input__input');
    if (input && input.value !== this.value) input.value = this.value;
  }

  private readonly onCountryChange = (event: Event): void => {
    const chosen = (event.target as HTMLSelectElement).value;
    if (!isCountryCode(chosen) || chosen === this.country) return;
    this.country = chosen;
    this.dispatchEvent(
      new CustomEvent<CountryChangeDetail>('velvet-country-change', {
        detail: { country: chosen },
        bubbles: true,
        composed: true,
      }),
    );
  };

  private readonly onNumberInput = (event: Event): void => {
    this.value = (event.target as HTMLInputElement).value;
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-phone-input': VelvetPhoneInput;
  }
  interface HTMLElementEventMap {
    'velvet-country-change': CustomEvent<CountryChangeDetail>;
  }
}
