/**
 * The toaster's CSS, a plain string the widget concatenates into its one stylesheet.
 * Class selectors only, themed through the `--velvet-*` custom properties.
 */
export const toasterStyles = `
.velvet-toaster {
  position: fixed;
  z-index: 9999;
  top: var(--velvet-toaster-offset, 16px);
  left: 50%;
  width: max-content;
  max-width: calc(100vw - 32px);
  transform: translateX(-50%);
  pointer-events: none;
}
.velvet-toaster__list {
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: .5rem;
}
.velvet-toast {
  display: flex;
  align-items: center;
  gap: .5rem;
  box-sizing: border-box;
  max-width: 21.875rem;
  padding: .5rem .5rem .5rem .75rem;
  border: 1px solid var(--velvet-border, #adbcc5);
  border-radius: 8px;
  background: var(--velvet-background, #ffffff);
  box-shadow: 0 3px 10px rgb(0 0 0 / 10%), 0 3px 3px rgb(0 0 0 / 5%);
  color: var(--velvet-text, #19303d);
  font-family: var(--velvet-font-family, Arial, Helvetica, sans-serif);
  font-size: .875rem;
  line-height: 1.25rem;
  pointer-events: auto;
  opacity: 1;
  transform: none;
  transition: opacity 200ms ease, transform 200ms ease;
  animation: velvet-toast-enter 200ms ease;
}
.velvet-toast[data-visible='false'] {
  opacity: 0;
  transform: translateY(-8px) scale(0.96);
  pointer-events: none;
}
.velvet-toast__icon {
  flex: none;
  width: 1.25rem;
  height: 1.25rem;
}
.velvet-toast--error .velvet-toast__icon {
  color: var(--velvet-error, #8b1214);
}
.velvet-toast--success .velvet-toast__icon {
  color: var(--velvet-success, #0c5a56);
}
.velvet-toast--loading .velvet-toast__icon {
  color: var(--velvet-primary, #19303d);
}
.velvet-toast__spinner {
  animation: velvet-toast-spin 1s linear infinite;
}
.velvet-toast__message {
  flex: 1;
  min-width: 0;
  overflow-wrap: anywhere;
}
.velvet-toast__close {
  display: inline-flex;
  flex: none;
  align-items: center;
  justify-content: center;
  width: 1.75rem;
  height: 1.75rem;
  margin: 0;
  padding: 0;
  border: none;
  border-radius: var(--velvet-button-radius, 4px);
  background: transparent;
  color: inherit;
  cursor: pointer;
}
.velvet-toast__close svg {
  width: 1rem;
  height: 1rem;
}
.velvet-toast__close:hover {
  background: color-mix(in srgb, var(--velvet-text, #19303d) 8%, transparent);
}
.velvet-toast__close:focus-visible {
  outline: 2px solid var(--velvet-primary, #19303d);
  outline-offset: 1px;
}
@keyframes velvet-toast-enter {
  from {
    opacity: 0;
    transform: translateY(-8px) scale(0.96);
  }
}
@keyframes velvet-toast-spin {
  to {
    transform: rotate(360deg);
  }
}
@media (prefers-reduced-motion: reduce) {
  .velvet-toast {
    transition: none;
    animation: none;
  }
  .velvet-toast__spinner {
    animation: none;
  }
}
`;
