import { textInputStyles } from './text-input.styles.js';

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
  width: 100%;
}
${textInputStyles('.velvet-email-input__input')}`;
