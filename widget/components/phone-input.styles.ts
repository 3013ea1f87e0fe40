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
  gap: 8px;
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
}

${visuallyHiddenStyles('.velvet-phone-input__label')}
.velvet-phone-input__country {
  position: relative;
  box-sizing: border-box;
  display: inline-flex;
  flex: 0 0 auto;
  align-items: center;
  min-width: 72px;
  height: var(--velvet-input-height, 47px);
  padding: 0 28px 0 12px;
  border: 1px solid var(--velvet-input-border, #5c727d);
  border-radius: var(--velvet-input-radius, 4px);
  background: var(--velvet-input-background, var(--velvet-background, #fff));
  color: var(--velvet-input-text, var(--velvet-text, #19303d));
  font-size: 18px;
}

.velvet-phone-input__country::after {
  content: '';
  position: absolute;
  right: 12px;
  top: 50%;
  width: 6px;
  height: 6px;
  margin-top: -5px;
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
  font-size: 16px;
  appearance: none;
}

.velvet-phone-input__input {
  flex: 1 1 auto;
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
