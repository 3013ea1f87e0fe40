/** The passkey product's CSS: the button, the confirmation and the registration component. */
export const passkeysStyles = `
velvet-passkey-login,
velvet-passkey-confirmation {
  display: block;
}
.velvet-passkey-login .velvet-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: .5rem;
}
.velvet-confirmation {
  text-align: center;
}
.velvet-passkey-login__icon {
  width: 1.25rem;
  height: 1.25rem;
}
.velvet-confirmation__icon {
  width: 3rem;
  height: 3rem;
  color: var(--velvet-success, #0c5a56);
  margin: 0 auto;
}
.velvet-passkey-list {
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: .5rem;
}
.velvet-passkey-list__item {
  border: 1px solid var(--velvet-border, #adbcc5);
  border-radius: var(--velvet-input-radius, 4px);
  padding: .5rem .75rem;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: .5rem;
}
.velvet-passkey-list__name {
  flex: 1 1 auto;
  overflow-wrap: anywhere;
}
.velvet-passkey-list__actions {
  display: flex;
  gap: .75rem;
}
.velvet-passkey-list__confirm {
  flex-basis: 100%;
  display: flex;
  flex-direction: column;
  gap: .5rem;
}
.velvet-passkey-list__input {
  flex: 1 1 auto;
  min-height: 2.5rem;
  padding: 0 .5rem;
  font: inherit;
  color: var(--velvet-input-text, var(--velvet-text, #19303d));
  background: var(--velvet-input-background, var(--velvet-background, #ffffff));
  border: 1px solid var(--velvet-input-border, #5c727d);
  border-radius: var(--velvet-input-radius, 4px);
}
.velvet-passkey-list__input:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}
`;
