/**
 * The back button's CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const backButtonStyles = `
.velvet-back-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2rem;
  height: 2rem;
  margin: 0;
  padding: 0;
  border: none;
  border-radius: var(--velvet-button-radius, 4px);
  background: transparent;
  color: var(--velvet-primary, #19303d);
  cursor: pointer;
}
.velvet-back-button:hover {
  background: color-mix(in srgb, var(--velvet-primary, #19303d) 8%, transparent);
}
.velvet-back-button:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 2px;
}
.velvet-back-button__icon {
  display: block;
  width: 1.5rem;
  height: 1.5rem;
  pointer-events: none;
}
`;
