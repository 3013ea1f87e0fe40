import { textInputStyles, visuallyHiddenStyles } from './text-input.styles.js';

/** The styles of `<velvet-email-input>`. Plain CSS text for the widget's one stylesheet. */
export const emailInputStyles = `
velvet-email-input {
  display: block;
}

${visuallyHiddenStyles('.velvet-email-input__label')}
.velvet-email-input__input {
  width: 100%;
}
${textInputStyles('.velvet-email-input__input')}`;
