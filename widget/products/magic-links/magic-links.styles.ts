/** The magic-link product's CSS: the email form on Main, and the confirmation screen's. */
import { emailInputStyles } from '../../components/email-input.styles.js';

/** What the product shows on the main screen. */
export const magicLinkStyles = `${emailInputStyles}
velvet-email-entry-form {
  display: block;
}
`;

/** The Email Confirmation screen (adopted when it first renders). */
export const magicLinkScreenStyles = `
velvet-magic-link-confirmation {
  display: block;
}

.velvet-mail-links {
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
}

.velvet-mail-link {
  display: flex;
  align-items: center;
  justify-content: center;
  box-sizing: border-box;
  text-decoration: none;
}

.velvet-confirmation {
  align-items: center;
  text-align: center;
}
`;
