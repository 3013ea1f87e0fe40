/**
 * `<velvet-otp-input>`: the six-box passcode entry of the passcode screen (spec section 2).
 */
import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { PASSCODE_LENGTH } from '../validation/passcode.js';

/** The detail of `velvet-otp-complete`. */
export interface OtpCompleteDetail {
  /** The six digits entered. */
  readonly code: string;
}

/** What this element asks WebOTP for: a code from an SMS, cancelled on disconnect. */
interface OtpCredentialRequest extends CredentialRequestOptions {
  otp: { transport: string[] };
}

const EMPTY: readonly string[] = Array.from({ length: PASSCODE_LENGTH }, () => '');

/** The digits `text` holds, in order, anything else dropped ('12-34 56' → '123456'). */
function digitsOf(text: string): string {
  return text.replace(/[^0-9]/g, '');
}

/**
 * Six single-digit boxes for a one-time passcode. The first box has
 * `autocomplete="one-time-code"` and the name `otp`, and takes a whole code typed, pasted or
 * autofilled into it, so phones can offer the code from the SMS. Where the browser supports
 * WebOTP the code is also requested with `navigator.credentials.get` and filled in when it
 * arrives.
 *
 * Keyboard: a digit fills the box and moves to the next one, other characters are ignored;
 * Backspace clears the box, or on an empty box moves back and clears the previous one; Delete
 * clears the box; ArrowLeft/ArrowRight move between boxes, Home/End to the first/last one. A
 * pasted code (spaces, dashes and other characters removed) fills every box.
 *
 * The first empty box takes the focus when the element is first shown enabled and whenever it
 * becomes enabled again. The boxes live in the element's light DOM: an enclosing form sees them.
 *
 * @summary A six-digit one-time passcode input.
 *
 * @event {CustomEvent<OtpCompleteDetail>} velvet-otp-complete - When the user has filled all six
 *   boxes. Fired once per complete code: filling in the same code again does not fire it until a
 *   box is emptied; setting `value` never fires it.
 *
 * @csspart group - The row of boxes (`role="group"`).
 * @csspart box - Each of the six inputs.
 *
 * @cssproperty --velvet-primary - Focus ring and caret (#19303d).
 * @cssproperty --velvet-error - Border when `invalid` (#8b1214).
 * @cssproperty --velvet-input-text - Digit colour (--velvet-text, else #19303d).
 * @cssproperty [--velvet-input-border=#5c727d] - Box border.
 * @cssproperty --velvet-input-background - Box background (--velvet-background, else #fff).
 * @cssproperty --velvet-font-family - Digit font (Arial, Helvetica, sans-serif).
 * @cssproperty --velvet-input-height - Box height and largest width (2.9375rem,
 *   47px by default).
 * @cssproperty --velvet-input-radius - Box corner radius (4px).
 */
@customElement('velvet-otp-input')
export class VelvetOtpInput extends LitElement {
  /**
   * The accessible name of the group of boxes: the passcode screen gives its catalogue's
   * (`passcodeGroupLabel`), in the widget's language.
   */
  @property() label = '';

  /**
   * The accessible name of each box; `{index}` and `{count}` are replaced. The passcode screen
   * gives its catalogue's (`passcodeDigitLabel`), in the widget's language.
   */
  @property({ attribute: 'digit-label' }) digitLabel = '';

  /** Disables every box (while a code is being verified, for example). */
  @property({ type: Boolean, reflect: true }) disabled = false;

  /** Marks the boxes as holding a wrong code (`aria-invalid`, error border). */
  @property({ type: Boolean, reflect: true }) invalid = false;

  /** The id of an element describing the boxes, such as the error text (`aria-describedby`). */
  @property({ attribute: 'described-by' }) describedBy = '';

  /** One entry per box: a digit or `''`. */
  @state() private digits: readonly string[] = EMPTY;

  /** The last code `velvet-otp-complete` was fired for, until the code is incomplete again. */
  private completedCode: string | undefined;

  private webOtp: AbortController | undefined;

  /** The digits entered so far, from the first box on (`''` for an empty box, so `'12'`). */
  get value(): string {
    return this.digits.join('');
  }

  /** Fills the boxes from the digits of `code`, first box first; never fires an event. */
  set value(code: string) {
    const digits = digitsOf(code).slice(0, PASSCODE_LENGTH);
    this.digits = EMPTY.map((_, index) => digits[index] ?? '');
    if (digits.length < PASSCODE_LENGTH) this.completedCode = undefined;
  }

  /** Empties every box; the first box takes the focus if the focus was in this element. */
  clear(): void {
    this.digits = EMPTY;
    this.completedCode = undefined;
    if (!this.disabled && this.contains(document.activeElement)) this.focusBox(0);
  }

  /** Focuses the first empty box (the last box when all are filled). */
  override focus(options?: FocusOptions): void {
    this.focusBox(this.firstEmptyIndex(), options);
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.requestWebOtp();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.webOtp?.abort();
    this.webOtp = undefined;
  }

  protected override firstUpdated(): void {
    if (!this.disabled) this.focus();
  }

  protected override updated(changed: PropertyValues<this>): void {
    // Each box shows its digit even after the user typed something else there (what Lit's
    // `live()` directive does, without its 0.9 KB chunk in the passcode screen's download).
    this.boxes().forEach((box, index) => {
      const digit = this.digits[index] ?? '';
      if (box.value !== digit) box.value = digit;
    });
    if (changed.has('disabled') && changed.get('disabled') === true && !this.disabled) {
      this.focus();
    }
  }

  protected override render(): unknown {
    const count = String(PASSCODE_LENGTH);
    return html`<div
      class="velvet-otp-input"
      part="group"
      role="group"
      aria-label=${this.label}
      @paste=${this.onPaste}
    >
      ${this.digits.map(
        (_digit, index) =>
          html`<input
            class="velvet-otp-input__box"
            part="box"
            type="text"
            inputmode="numeric"
            pattern="[0-9]*"
            name=${index === 0 ? 'otp' : `otp-${index + 1}`}
            autocomplete=${index === 0 ? 'one-time-code' : 'off'}
            aria-label=${this.digitLabel
              .replaceAll('{index}', String(index + 1))
              .replaceAll('{count}', count)}
            aria-invalid=${this.invalid ? 'true' : nothing}
            aria-describedby=${this.describedBy || nothing}
            data-index=${index}
            ?disabled=${this.disabled}
            @keydown=${this.onKeydown}
            @input=${this.onInput}
            @focus=${this.onFocus}
          />`,
      )}
    </div>`;
  }

  private boxes(): HTMLInputElement[] {
    return [...this.querySelectorAll<HTMLInputElement>('.velvet-otp-input__box')];
  }

  private indexOf(target: EventTarget | null): number {
    return target instanceof HTMLInputElement ? Number(target.dataset.index ?? 0) : 0;
  }

  private firstEmptyIndex(): number {
    const index = this.digits.indexOf('');
    return index === -1 ? PASSCODE_LENGTH - 1 : index;
  }

  private focusBox(index: number, options?: FocusOptions): void {
    const clamped = Math.min(Math.max(index, 0), PASSCODE_LENGTH - 1);
    this.boxes()[clamped]?.focus(options);
  }

  private setDigit(index: number, digit: string): void {
    this.digits = this.digits.map((current, at) => (at === index ? digit : current));
  }

  /**
   * Puts the digits of `text` into the boxes from `index` on, or into every box when it holds a
   * whole code, moves the focus past the last one filled and reports a completed code.
   */
  private fillFrom(index: number, text: string): void {
    const digits = digitsOf(text);
    if (!digits) return;
    const start = digits.length >= PASSCODE_LENGTH ? 0 : index;
    const next = [...this.digits];
    let last = start;
    for (let offset = 0; offset < digits.length && start + offset < PASSCODE_LENGTH; offset += 1) {
      last = start + offset;
      next[last] = digits[offset] ?? '';
    }
    this.digits = next;
    this.focusBox(last + 1);
    this.reportIfComplete();
  }

  private reportIfComplete(): void {
    const code = this.value;
    if (code.length < PASSCODE_LENGTH) {
      this.completedCode = undefined;
      return;
    }
    if (code === this.completedCode) return;
    this.completedCode = code;
    this.dispatchEvent(
      new CustomEvent<OtpCompleteDetail>('velvet-otp-complete', {
        detail: { code },
        bubbles: true,
        composed: true,
      }),
    );
  }

  private readonly onFocus = (event: FocusEvent): void => {
    // Selected, the digit is replaced by whatever a virtual keyboard types next.
    (event.target as HTMLInputElement).select();
  };

  private readonly onKeydown = (event: KeyboardEvent): void => {
    if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey) return;
    const index = this.indexOf(event.target);
    switch (event.key) {
      case 'Backspace':
        event.preventDefault();
        if (this.digits[index]) {
          this.setDigit(index, '');
        } else if (index > 0) {
          this.setDigit(index - 1, '');
          this.focusBox(index - 1);
        }
        this.reportIfComplete();
        return;
      case 'Delete':
        event.preventDefault();
        this.setDigit(index, '');
        this.reportIfComplete();
        return;
      case 'ArrowLeft':
        event.preventDefault();
        this.focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        this.focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        this.focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        this.focusBox(PASSCODE_LENGTH - 1);
        return;
      default:
        // A printable key: a digit fills this box, anything else is ignored. Keys without a
        // value (virtual keyboards report 'Unidentified') are handled by `onInput`.
        if (event.key.length !== 1) return;
        event.preventDefault();
        if (/^[0-9]$/.test(event.key)) {
          this.setDigit(index, event.key);
          this.focusBox(index + 1);
          this.reportIfComplete();
        }
    }
  };

  /** Typing on virtual keyboards, autofill, drag and drop: whatever changed a box's text. */
  private readonly onInput = (event: Event): void => {
    const box = event.target as HTMLInputElement;
    const index = this.indexOf(box);
    const typed =
      event instanceof InputEvent && event.inputType === 'insertText' ? event.data : null;
    const text = typed ?? box.value;
    if (digitsOf(text)) {
      this.fillFrom(index, text);
      return;
    }
    // Emptied (a deletion): clear the box. Only non-digits: put the old digit back.
    if (box.value === '') {
      this.setDigit(index, '');
      this.reportIfComplete();
    } else {
      this.digits = [...this.digits];
    }
  };

  private readonly onPaste = (event: ClipboardEvent): void => {
    const text = event.clipboardData?.getData('text') ?? '';
    event.preventDefault();
    if (this.disabled) return;
    this.fillFrom(this.indexOf(event.target), text);
  };

  /** Asks WebOTP for the code from the SMS where the browser supports it. */
  private requestWebOtp(): void {
    if (!('OTPCredential' in window) || typeof navigator.credentials?.get !== 'function') return;
    this.webOtp?.abort();
    const controller = new AbortController();
    this.webOtp = controller;
    const request: OtpCredentialRequest = {
      otp: { transport: ['sms'] },
      signal: controller.signal,
    };
    navigator.credentials.get(request).then(
      (credential) => {
        const code: unknown = (credential as { code?: unknown } | null)?.code;
        if (controller.signal.aborted || this.disabled || typeof code !== 'string') return;
        this.fillFrom(0, code);
      },
      () => {
        // Cancelled on disconnect, refused or unsupported: the code is typed instead.
      },
    );
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-otp-input': VelvetOtpInput;
  }
  interface HTMLElementEventMap {
    'velvet-otp-complete': CustomEvent<OtpCompleteDetail>;
  }
}
