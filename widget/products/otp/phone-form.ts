/**
 * `<velvet-otp-phone-form>`: the Text and WhatsApp tabs of the main screen. It checks the number
 * in the browser (the widget's phone-number parser, loaded as a number is typed), sends the
 * passcode and moves on to the passcode screen.
 */
import { html, LitElement } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import '../../components/phone-input.js';
import type { VelvetPhoneInput } from '../../components/phone-input.js';
import { VelvetEventType } from '../../events.js';
import { countryName, DEFAULT_COUNTRY, dialCodeOf } from '../../validation/dial-codes.js';
import { loadPhoneNumberModule, validatePhone } from '../../validation/phone.js';
import type { ProductContext } from '../product.js';
import { loadOtpScreens, sendOptions } from './otp-flow.js';
import { formError, showPasscodeScreen, submitButton } from './send-form.js';

let nextId = 1;

/**
 * The phone form: country select (US by default), number field, error text and the
 * `Continue with text message` or `Continue with WhatsApp` button. Part of the passcode product.
 */
@customElement('velvet-otp-phone-form')
export class VelvetOtpPhoneForm extends LitElement {
  /** The element's context. */
  @property({ attribute: false }) context!: ProductContext;

  /** The channel: `sms` or `whatsapp`. */
  @property() channel: 'sms' | 'whatsapp' = 'sms';

  @state() private submitting = false;
  @state() private error: string | undefined;
  /** The countries the project texts (from bootstrap), once known. */
  private get countries(): readonly string[] | undefined {
    return this.context.bootstrap?.smsAllowedCountries ?? undefined;
  }

  private readonly errorId = `velvet-otp-phone-form-${nextId++}-error`;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    const { strings, locale, bootstrap } = this.context;
    // Until the project's countries are known (bootstrap is asked for before the first render),
    // the form keeps its place, hidden and offering no country: none appears, then vanishes.
    return html`<form
      class="velvet-form"
      part="form"
      novalidate
      style=${bootstrap ? '' : 'visibility:hidden'}
      @submit=${this.onSubmit}
    >
      <velvet-phone-input
        ?webauthn=${this.context.config.products.includes('passkeys')}
        .country=${DEFAULT_COUNTRY}
        .countries=${bootstrap ? this.countries : []}
        .label=${strings.phoneLabel}
        .countryLabel=${strings.countryLabel}
        .placeholder=${strings.phonePlaceholder}
        locale=${locale}
        described-by=${this.error ? this.errorId : ''}
        ?invalid=${this.error !== undefined}
        ?disabled=${this.submitting}
        @input=${this.onEdit}
      ></velvet-phone-input>
      ${formError(this.errorId, this.error)}
      ${submitButton(
        this.channel === 'sms' ? strings.continueWithText : strings.continueWithWhatsApp,
        this.submitting,
      )}
    </form>`;
  }

  private get input(): VelvetPhoneInput | null {
    return this.querySelector('velvet-phone-input');
  }

  private readonly onEdit = (): void => {
    if (this.error !== undefined) this.error = undefined;
    // The parser and the country's metadata start loading as a number is typed, so the check on
    // submit need not wait for them (a failure here is retried then).
    const input = this.input;
    if (input?.value) loadPhoneNumberModule([dialCodeOf(input.country)]).catch(() => {});
  };

  private readonly onSubmit = async (event: SubmitEvent): Promise<void> => {
    event.preventDefault();
    const input = this.input;
    if (this.submitting || !input) return;
    const context = this.context;
    this.error = undefined;
    this.submitting = true;
    try {
      const checked = await context.busy(
        validatePhone(input.country, input.value, { clock: context.clock }),
      );
      if (!checked.valid) {
        this.error = context.strings.invalidPhone;
        return;
      }
      const allowed = this.countries;
      if (allowed && checked.country && !allowed.includes(checked.country)) {
        const name = (code: string) => countryName(code, context.locale);
        // "United States or Canada", "Estados Unidos o Canadá", "États-Unis ou Canada".
        const list = new Intl.ListFormat(context.locale, { type: 'disjunction' });
        this.error = context.strings.countryNotAllowed(
          name(checked.country),
          list.format(allowed.map(name)),
        );
        return;
      }
      void loadOtpScreens();
      const client = await context.busy(context.client());
      const response = await context.busy(
        client.otps[this.channel].loginOrCreate(checked.e164, sendOptions(context)),
      );
      showPasscodeScreen(
        context,
        { type: this.channel, destination: checked.e164, response },
        this.channel === 'sms'
          ? VelvetEventType.OtpSmsLoginOrCreate
          : VelvetEventType.OtpWhatsAppLoginOrCreate,
      );
    } catch (error) {
      this.error = context.reportError(error);
    } finally {
      this.submitting = false;
    }
  };
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-otp-phone-form': VelvetOtpPhoneForm;
  }
}
