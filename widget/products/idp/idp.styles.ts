/** The consent and logout screens' own styles (the rest are the widget's). */
export const idpStyles = `
.velvet-idp-scopes {
  margin: 0 0 16px;
  padding-left: 20px;
  color: var(--velvet-text, #19303d);
  line-height: 1.5;
}
.velvet-idp-actions {
  display: flex;
  flex-direction: column;
  gap: 8px;
}
.velvet-idp-signin {
  margin-top: 16px;
}
`;
