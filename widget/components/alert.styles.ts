/**
 * The alert's CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const alertStyles = `
.velvet-alert {
  --velvet-alert-color: var(--velvet-error, #8b1214);
  display: flex;
  align-items: flex-start;
  gap: .5rem;
  box-sizing: border-box;
  width: 100%;
  padding: .75rem;
  border: 1px solid var(--velvet-alert-color);
  border-radius: var(--velvet-input-radius, 4px);
  background: color-mix(in srgb, var(--velvet-alert-color) 8%, var(--velvet-background, #ffffff));
  color: var(--velvet-text, #19303d);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  font-size: .875rem;
  line-height: 1.25rem;
  overflow-wrap: anywhere;
}
.velvet-alert--warning {
  --velvet-alert-color: var(--velvet-warning, #8a5a00);
}
.velvet-alert--success {
  --velvet-alert-color: var(--velvet-success, #0c5a56);
}
.velvet-alert__icon {
  flex: none;
  width: 1.25rem;
  height: 1.25rem;
  color: var(--velvet-alert-color);
}
.velvet-alert__message {
  flex: 1;
  min-width: 0;
}
.velvet-alert__link {
  color: inherit;
  text-decoration: underline;
}
.velvet-alert__link:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 2px;
  border-radius: 2px;
}
`;
