/** The OAuth product's CSS: its buttons and their marks. Plain CSS text, adopted once. */
export const oauthStyles = `
velvet-oauth-buttons {
  display: block;
}

.velvet-oauth__buttons {
  display: flex;
  flex-direction: column;
  gap: 8px;
  margin: 0;
  padding: 0;
  list-style: none;
}

.velvet-oauth__buttons > li {
  display: block;
}

.velvet-oauth__button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
}

.velvet-oauth__mark {
  flex: none;
}
`;
