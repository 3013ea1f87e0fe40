/** The passwords product's CSS: the Email tab's form on Main, and the screens' (adopted later). */
import { textInputStyles, visuallyHiddenStyles } from '../../components/text-input.styles.js';

/** What the product adds to the main screen (the email field's CSS is the element's own). */
export const passwordStyles = `
velvet-email-entry-form {
  display: block;
}
`;

/** The product's screens (adopted when one first renders). */
export const passwordScreenStyles = `
velvet-password-screen,
velvet-password-reset-form,
velvet-password-email-sent,
velvet-password-confirmation,
velvet-new-password {
  display: block;
}

.velvet-password-field {
  display: flex;
  flex-direction: column;
  gap: .375rem;
}

.velvet-password-field__label {
  font-weight: bold;
}

.velvet-password-field__input {
  width: 100%;
}
${textInputStyles('.velvet-password-field__input')}
${visuallyHiddenStyles('.velvet-password-username')}

.velvet-strength {
  display: flex;
  flex-direction: column;
  gap: .375rem;
  margin-top: .5rem;
}

.velvet-strength__bar {
  display: grid;
  grid-template-columns: repeat(4, 1fr);
  gap: .25rem;
}

.velvet-strength__segment {
  height: 6px;
  border-radius: 3px;
  background: var(--velvet-border, #adbcc5);
}

.velvet-strength__segment--red {
  background: var(--velvet-error, #8b1214);
}

.velvet-strength__segment--green {
  background: var(--velvet-success, #0c5a56);
}

.velvet-password-field__checking,
.velvet-strength__text,
.velvet-strength__rule {
  margin: 0;
  color: var(--velvet-secondary, #5c727d);
  font-size: .875rem;
}

.velvet-strength__rule--met {
  color: var(--velvet-success, #0c5a56);
}

.velvet-strength__rule--unmet {
  color: var(--velvet-error, #8b1214);
}

.velvet-strength__breach {
  margin: 0;
  color: var(--velvet-error, #8b1214);
  font-size: .875rem;
}

.velvet-password-actions {
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: .5rem;
}

.velvet-confirmation {
  align-items: center;
  text-align: center;
}
`;
