/** The styles of `<velvet-email-input>`. Plain CSS text for the widget's one stylesheet. */
export const emailInputStyles = `
velvet-email-input {
  display: block;
}

.velvet-email-input__label {
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

.velvet-email-input__input {
  box-sizing: border-box;
  width: 100%;
  height: var(--velvet-input-height, 47px);
  margin: 0;
  padding: 0 12px;
  border: 1px solid var(--velvet-border, #adbcc5);
  border-radius: var(--velvet-input-radius, 4px);
  background: var(--velvet-background, #fff);
  color: var(--velvet-text, #19303d);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  font-size: 18px;
}

.velvet-email-input__input::placeholder {
  color: color-mix(in srgb, var(--velvet-text, #19303d) 75%, transparent);
}

.velvet-email-input__input:focus {
  outline: none;
}

.velvet-email-input__input:focus-visible {
  border-color: var(--velvet-primary, #19303d);
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}

.velvet-email-input__input[aria-invalid='true'] {
  border-color: var(--velvet-error, #8b1214);
}

.velvet-email-input__input:disabled {
  cursor: not-allowed;
  background: color-mix(in srgb, var(--velvet-text, #19303d) 6%, var(--velvet-background, #fff));
}
`;
