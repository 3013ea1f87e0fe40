/**
 * The magic-link product's CSS. The email field's is the element's own (it is shared by every
 * email form); the confirmation screen's loads with that screen.
 */

/** What the product adds to the main screen. */
export const magicLinkStyles = `
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
  gap: .5rem;
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
