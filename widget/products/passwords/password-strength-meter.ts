/**
 * `<velvet-password-strength>`: what the server said of a password, by the project's policy
 * (spec section 5). zxcvbn: a 4-segment meter (score 0-1 one red segment, 2 two red, 3 three
 * green, 4 four green) with zxcvbn's warning; LUDS: 'Must be at least N character(s) long' and
 * 'Must contain N of the following: uppercase letter, lowercase letter, number, symbol', each
 * marked met or not, N from the project's configuration. A breached password gets the spec's
 * warning.
 */
import { html, LitElement, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { StrengthCheckResponse } from '../../client/passwords-client.js';
import { type PasswordStrings, passwordEn } from './password-strings.js';

/** The LUDS bounds the server reports in bootstrap when the project says none. */
const DEFAULT_LUDS = { ludsComplexity: 3, ludsMinimumCount: 8 } as const;

/** How many segments a zxcvbn score fills, and in which colour. */
export function meterSegments(score: number): { filled: number; colour: 'red' | 'green' } {
  const clamped = Math.max(0, Math.min(4, Math.round(score)));
  return { filled: Math.max(1, clamped), colour: clamped >= 3 ? 'green' : 'red' };
}

/** The strength of the password being typed. */
@customElement('velvet-password-strength')
export class VelvetPasswordStrength extends LitElement {
  /** The last strength result, or `undefined` before the first. */
  @property({ attribute: false }) result: StrengthCheckResponse | undefined;

  /** The texts (the page's overrides on the English ones). */
  @property({ attribute: false }) texts: PasswordStrings = passwordEn;

  /** The project's LUDS bounds (bootstrap `password_config`). */
  @property({ attribute: false }) luds:
    | { readonly ludsComplexity: number; readonly ludsMinimumCount: number }
    | null
    | undefined;

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  protected override render(): unknown {
    const result = this.result;
    if (!result) return nothing;
    const t = this.texts;
    const breach = result.breached_password
      ? html`<p class="velvet-strength__breach" part="error" role="alert">${t.breachWarning}</p>`
      : nothing;
    if (result.strength_policy === 'luds') {
      const bounds = this.luds ?? DEFAULT_LUDS;
      const rules = result.feedback.luds_requirements;
      const rule = (met: boolean, text: string) =>
        html`<li
          class="velvet-strength__rule velvet-strength__rule--${met ? 'met' : 'unmet'}"
          data-met=${met ? 'true' : 'false'}
        >
          <span aria-hidden="true">${met ? '✓' : '✗'}</span> ${text}
        </li>`;
      return html`<div class="velvet-strength" aria-live="polite">
        <ul class="velvet-strength__rules" aria-label=${t.strengthLabel}>
          ${rule(rules.missing_characters === 0, t.ludsLength(bounds.ludsMinimumCount))}
          ${rule(rules.missing_complexity === 0, t.ludsComplexity(bounds.ludsComplexity))}
        </ul>
        ${breach}
      </div>`;
    }
    const { filled, colour } = meterSegments(result.score);
    const name = t.strengthName(result.score);
    const warning = result.feedback.warning;
    return html`<div class="velvet-strength">
      <div
        class="velvet-strength__bar"
        role="meter"
        aria-label=${t.strengthLabel}
        aria-valuemin="0"
        aria-valuemax="4"
        aria-valuenow=${result.score}
        aria-valuetext=${name}
      >
        ${[0, 1, 2, 3].map(
          (index) =>
            html`<span
              class="velvet-strength__segment ${index < filled ? `velvet-strength__segment--${colour}` : ''}"
              data-filled=${index < filled ? colour : 'none'}
            ></span>`,
        )}
      </div>
      <p class="velvet-strength__text" aria-live="polite">
        ${name}${warning && !result.breached_password ? html`. ${warning}` : nothing}
      </p>
      ${breach}
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'velvet-password-strength': VelvetPasswordStrength;
  }
}
