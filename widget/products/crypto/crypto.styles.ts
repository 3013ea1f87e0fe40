/**
 * The crypto-wallet product's CSS: its buttons and screens (the back button brings its own).
 * Plain CSS text, adopted once.
 */
export const cryptoStyles = `
velvet-crypto-wallet-buttons,
velvet-crypto-connect,
velvet-crypto-screen {
  display: block;
}

.velvet-crypto__buttons {
  display: flex;
  flex-direction: column;
  gap: .5rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.velvet-crypto__buttons > li {
  display: block;
}

.velvet-crypto__button {
  display: flex;
  align-items: center;
  justify-content: center;
  gap: .5rem;
  width: 100%;
  text-decoration: none;
}

.velvet-crypto__new-tab {
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
  border: 0;
}

.velvet-crypto__error {
  margin: 0;
  color: var(--velvet-error, #8b1214);
  font-weight: bold;
}

.velvet-crypto__help {
  color: var(--velvet-secondary, #5c727d);
}

.velvet-crypto__detail {
  color: var(--velvet-secondary, #5c727d);
  overflow-wrap: anywhere;
}

.velvet-confirmation {
  align-items: center;
  text-align: center;
}

.velvet-confirmation__icon {
  width: 3rem;
  height: 3rem;
  color: var(--velvet-success, #0c5a56);
}
`;
