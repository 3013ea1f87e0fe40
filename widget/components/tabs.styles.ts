/**
 * The tabs' CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const tabsStyles = `
.velvet-tabs {
  display: flex;
  gap: .25rem;
  border-bottom: 1px solid var(--velvet-border, #adbcc5);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
}
.velvet-tabs__tab {
  flex: 1;
  min-height: 2.75rem;
  margin: 0 0 -1px;
  padding: .5rem .75rem;
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: var(--velvet-secondary, #5c727d);
  font: inherit;
  font-size: 1rem;
  cursor: pointer;
}
.velvet-tabs__tab[aria-selected='true'] {
  border-bottom-color: var(--velvet-primary, #19303d);
  color: var(--velvet-primary, #19303d);
  font-weight: bold;
}
.velvet-tabs__tab:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: -2px;
  border-radius: var(--velvet-button-radius, 4px);
}
`;
