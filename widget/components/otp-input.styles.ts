/**
 * The styles of `<velvet-otp-input>`: six square boxes in a row. Plain CSS text, so the widget's
 * root can put every component's styles into its one stylesheet.
 */
export const otpInputStyles = `
velvet-otp-input {
  display: block;
}

.velvet-otp-input {
  display: flex;
  gap: .5rem;
  justify-content: space-between;
}

.velvet-otp-input__box {
  box-sizing: border-box;
  flex: 1 1 0;
  min-width: 0;
  max-width: var(--velvet-input-height, 2.9375rem);
  height: var(--velvet-input-height, 2.9375rem);
  margin: 0;
  padding: 0;
  border: 1px solid var(--velvet-input-border, #5c727d);
  border-radius: var(--velvet-input-radius, 4px);
  background: var(--velvet-input-background, var(--velvet-background, #fff));
  color: var(--velvet-input-text, var(--velvet-text, #19303d));
  caret-color: var(--velvet-primary, #19303d);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  font-size: 1.25rem;
  line-height: 1;
  text-align: center;
}

.velvet-otp-input__box:focus {
  outline: none;
}

.velvet-otp-input__box:focus-visible {
  border-color: var(--velvet-primary, #19303d);
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}

.velvet-otp-input__box[aria-invalid='true'] {
  border-color: var(--velvet-error, #8b1214);
}

.velvet-otp-input__box:disabled {
  cursor: not-allowed;
  background: color-mix(in srgb, var(--velvet-input-text, var(--velvet-text, #19303d)) 6%, var(--velvet-input-background, var(--velvet-background, #fff)));
}
`;
