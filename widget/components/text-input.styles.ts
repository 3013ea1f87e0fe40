/**
 * The look every single-line text input of the widget shares (the email
 * input, the phone number input): height, border, colours, placeholder,
 * focus ring, the invalid and disabled states.
 */

/** The shared rules for the input matched by `selector`. */
export function textInputStyles(selector: string): string {
  return `
${selector} {
  box-sizing: border-box;
  height: var(--velvet-input-height, 2.9375rem);
  margin: 0;
  padding: 0 .75rem;
  border: 1px solid var(--velvet-input-border, #5c727d);
  border-radius: var(--velvet-input-radius, 4px);
  background: var(--velvet-input-background, var(--velvet-background, #fff));
  color: var(--velvet-input-text, var(--velvet-text, #19303d));
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  font-size: 1.125rem;
}

${selector}::placeholder {
  color: var(--velvet-input-placeholder, var(--velvet-secondary, #5c727d));
}

${selector}:focus {
  outline: none;
}

${selector}:focus-visible {
  border-color: var(--velvet-primary, #19303d);
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}

${selector}[aria-invalid='true'] {
  border-color: var(--velvet-error, #8b1214);
}

${selector}:disabled {
  cursor: not-allowed;
  background: color-mix(in srgb, var(--velvet-input-text, var(--velvet-text, #19303d)) 6%, var(--velvet-input-background, var(--velvet-background, #fff)));
}
`;
}

/** Rules that hide an element visually but keep it for screen readers (a field's label). */
export function visuallyHiddenStyles(selector: string): string {
  return `
${selector} {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}
`;
}
