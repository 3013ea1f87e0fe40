/**
 * The collapsible section's CSS, a plain string the widget concatenates into its one
 * stylesheet. Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const collapsibleStyles = `
.velvet-collapsible {
  display: block;
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  color: var(--velvet-text, #19303d);
}
.velvet-collapsible__summary {
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  box-sizing: border-box;
  width: 100%;
  min-height: 44px;
  margin: 0;
  padding: 8px 0;
  border: none;
  border-bottom: 1px solid var(--velvet-border, #adbcc5);
  background: transparent;
  color: inherit;
  font: inherit;
  font-size: 16px;
  font-weight: bold;
  text-align: start;
  cursor: pointer;
}
.velvet-collapsible__summary:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 2px;
  border-radius: var(--velvet-button-radius, 4px);
}
.velvet-collapsible__icon {
  flex: none;
  transition: transform 200ms ease;
}
.velvet-collapsible__summary[aria-expanded='true'] .velvet-collapsible__icon {
  transform: rotate(180deg);
}
.velvet-collapsible__content {
  padding: 12px 0;
}
.velvet-collapsible__content[hidden] {
  display: none;
}
@media (prefers-reduced-motion: reduce) {
  .velvet-collapsible__icon {
    transition: none;
  }
}
`;
