/** The consent and logout screens' own styles (the rest are the widget's). */
export const idpStyles = `
.velvet-idp-scopes {
  margin: 0 0 1rem;
  padding-left: 1.25rem;
  color: var(--velvet-text, #19303d);
  line-height: 1.5;
}
.velvet-idp-actions {
  display: flex;
  flex-direction: column;
  gap: .5rem;
}
.velvet-idp-signin {
  margin-top: 1rem;
}
`;
