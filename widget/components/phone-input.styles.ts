import { textInputStyles, visuallyHiddenStyles } from './text-input.styles.js';

/**
 * The styles of `<velvet-phone-input>`: the country box showing `+code` over a transparent
 * native select, then the number field. Plain CSS text for the widget's one stylesheet.
 */
export const phoneInputStyles = `
velvet-phone-input {
  display: block;
}

.velvet-phone-input {
  display: flex;
  flex-wrap: wrap;
  gap: .5rem;
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
}

${visuallyHiddenStyles('.velvet-phone-input__label')}
.velvet-phone-input__country {
  position: relative;
  box-sizing: border-box;
  display: inline-flex;
  flex: 0 0 auto;
  align-items: center;
  min-width: 4.5rem;
  height: var(--velvet-input-height, 2.9375rem);
  padding: 0 1.75rem 0 .75rem;
  border: 1px solid var(--velvet-input-border, #5c727d);
  border-radius: var(--velvet-input-radius, 4px);
  background: var(--velvet-input-background, var(--velvet-background, #fff));
  color: var(--velvet-input-text, var(--velvet-text, #19303d));
  font-size: 1.125rem;
}

.velvet-phone-input__country::after {
  content: '';
  position: absolute;
  right: .75rem;
  top: 50%;
  width: .375rem;
  height: .375rem;
  margin-top: -.3125rem;
  border-right: 2px solid currentColor;
  border-bottom: 2px solid currentColor;
  transform: rotate(45deg);
  pointer-events: none;
}

.velvet-phone-input__country:focus-within {
  border-color: var(--velvet-primary, #19303d);
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}

.velvet-phone-input__dial-code {
  pointer-events: none;
}

.velvet-phone-input__select {
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  margin: 0;
  padding: 0;
  border: 0;
  opacity: 0;
  cursor: pointer;
  font-size: 1rem;
  appearance: none;
}

.velvet-phone-input__input {
  flex: 1 1 10rem;
  min-width: 0;
}
${textInputStyles('.velvet-phone-input__input')}
.velvet-phone-input__select:disabled {
  cursor: not-allowed;
}

/* Disabled: a tinted background; the text keeps its contrast. */
.velvet-phone-input__country:has(.velvet-phone-input__select:disabled) {
  background: color-mix(in srgb, var(--velvet-input-text, var(--velvet-text, #19303d)) 6%, var(--velvet-input-background, var(--velvet-background, #fff)));
}
`;
