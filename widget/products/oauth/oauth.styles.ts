/**
 * The OAuth product's CSS: its buttons and their marks. Plain CSS text, adopted once. Google,
 * Apple and Microsoft publish sign-in button guidelines, so their buttons keep those colours
 * whatever the page's theme: Google's light button (white, #747775 border, #1f1f1f text), Apple's
 * white button with an outline (black border, text and logo), Microsoft's light button (white,
 * #8c8c8c border, #5e5e5e text).
 */
export const oauthStyles = `
velvet-oauth-buttons {
  display: block;
}

.velvet-oauth__buttons {
  display: flex;
  flex-direction: column;
  gap: .5rem;
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
  gap: .5rem;
  width: 100%;
}

.velvet-oauth__mark {
  flex: none;
  width: 1.25rem;
  height: 1.25rem;
}

.velvet-oauth__button[data-provider='google'] {
  border-color: #747775;
  background: #ffffff;
  color: #1f1f1f;
}

.velvet-oauth__button[data-provider='apple'] {
  border-color: #000000;
  background: #ffffff;
  color: #000000;
}

.velvet-oauth__button[data-provider='microsoft'] {
  border-color: #8c8c8c;
  background: #ffffff;
  color: #5e5e5e;
}
`;
