/**
 * The tabs' CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const tabsStyles = `
.velvet-tabs {
  display: flex;
  gap: 4px;
  border-bottom: 1px solid var(--velvet-border, #adbcc5);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
}
.velvet-tabs__tab {
  flex: 1;
  min-height: 44px;
  margin: 0 0 -1px;
  padding: 8px 12px;
  border: none;
  border-bottom: 3px solid transparent;
  background: transparent;
  color: var(--velvet-secondary, #5c727d);
  font: inherit;
  font-size: 16px;
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
