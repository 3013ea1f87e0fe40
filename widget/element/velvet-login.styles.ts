/**
 * The element's own CSS: the container, the headings, the forms, the buttons and links, the
 * divider, the main screen's sections, plus the progress bar and the email field, which the
 * default product (magic links) and every other email form share. Products bring the CSS of
 * their own screens; the alert and the tabs, which load when a screen shows them, bring theirs
 * (`requestStyles`).
 *
 * The email field's CSS (with the text-input rules the phone field shares) is here rather than in
 * a product's chunk: a module two lazy products share would otherwise become a chunk of its own,
 * one more request before first render for every page.
 */
import { emailInputStyles } from '../components/email-input.styles.js';
import { progressBarStyles } from '../components/progress-bar.styles.js';

const FONT = 'var(--velvet-font-family, Arial, Helvetica, sans-serif)';
const PRIMARY = 'var(--velvet-primary, #19303d)';
const SECONDARY = 'var(--velvet-secondary, #5c727d)';
/** Every button's corner radius; each kind (`buttons.primary`, …) may have its own. */
const BUTTON_RADIUS = 'var(--velvet-button-radius, 4px)';
const PRIMARY_RADIUS = `var(--velvet-button-primary-radius, ${BUTTON_RADIUS})`;
const SECONDARY_RADIUS = `var(--velvet-button-secondary-radius, ${BUTTON_RADIUS})`;

const layoutStyles = `
:host {
  display: block;
  max-width: 100%;
}

.velvet-container {
  position: relative;
  box-sizing: border-box;
  width: var(--velvet-container-width, 25rem);
  max-width: 100%;
  padding: 2rem 1.5rem 1.5rem;
  overflow: hidden;
  border: 1px solid var(--velvet-container-border, #adbcc5);
  border-radius: var(--velvet-container-radius, 8px);
  background: var(--velvet-container-background, #ffffff);
  color: var(--velvet-text, #19303d);
  font-family: ${FONT};
  font-size: var(--velvet-font-size, 1rem);
  line-height: 1.5;
  text-align: left;
}

.velvet-container *,
.velvet-container *::before,
.velvet-container *::after {
  box-sizing: border-box;
}

.velvet-container > velvet-progress-bar {
  position: absolute;
  top: 0;
  left: 0;
  right: 0;
}

.velvet-screen {
  display: flex;
  flex-direction: column;
  gap: 1rem;
}

.velvet-logo {
  display: block;
  align-self: center;
  max-width: 100%;
  max-height: 56px;
  object-fit: contain;
}

.velvet-title {
  margin: 0;
  color: var(--velvet-title, var(--velvet-text, #19303d));
  font-family: ${FONT};
  font-size: 1.5rem;
  font-weight: 600;
  line-height: 1.25;
  text-align: center;
}

.velvet-text {
  margin: 0;
}

.velvet-section {
  display: flex;
  flex-direction: column;
  gap: 1rem;
}

.velvet-form {
  display: flex;
  flex-direction: column;
  gap: .75rem;
  margin: 0;
}

.velvet-form__error {
  margin: 0;
  color: var(--velvet-error, #8b1214);
  font-size: .875rem;
  line-height: 1.25rem;
}

.velvet-form__error-link {
  color: inherit;
  text-decoration: underline;
}

.velvet-form__error-link:focus-visible {
  outline: 2px solid ${PRIMARY};
  outline-offset: 2px;
  border-radius: 2px;
}

.velvet-button {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 100%;
  min-height: var(--velvet-button-height, 2.8125rem);
  margin: 0;
  padding: 0 1rem;
  border: 1px solid;
  border-radius: ${BUTTON_RADIUS};
  font-family: ${FONT};
  font-size: 1rem;
  font-weight: 600;
  cursor: pointer;
}

.velvet-button--primary {
  border-radius: ${PRIMARY_RADIUS};
  border-color: var(--velvet-button-primary-border, var(--velvet-button-primary-background, ${PRIMARY}));
  background: var(--velvet-button-primary-background, ${PRIMARY});
  color: var(--velvet-button-primary-text, #ffffff);
}

.velvet-button--secondary {
  border-radius: ${SECONDARY_RADIUS};
  border-color: var(--velvet-button-secondary-border, ${PRIMARY});
  background: var(--velvet-button-secondary-background, #ffffff);
  color: var(--velvet-button-secondary-text, ${PRIMARY});
}

.velvet-button:disabled {
  border-color: var(--velvet-button-disabled-border, #f3f5f6);
  border-radius: var(--velvet-button-disabled-radius, ${BUTTON_RADIUS});
  background: var(--velvet-button-disabled-background, #f3f5f6);
  color: var(--velvet-button-disabled-text, ${SECONDARY});
  cursor: default;
}

/* A disabled button without a disabled radius keeps its kind's shape. */
.velvet-button--primary:disabled {
  border-radius: var(--velvet-button-disabled-radius, ${PRIMARY_RADIUS});
}

.velvet-button--secondary:disabled {
  border-radius: var(--velvet-button-disabled-radius, ${SECONDARY_RADIUS});
}

.velvet-button:focus-visible,
.velvet-link:focus-visible {
  outline: 2px solid ${PRIMARY};
  outline-offset: 2px;
}

.velvet-link {
  margin: 0;
  padding: 0;
  border: none;
  background: none;
  color: ${PRIMARY};
  font: inherit;
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
}

.velvet-link:disabled {
  color: ${SECONDARY};
  text-decoration: none;
  cursor: default;
}

.velvet-divider {
  display: flex;
  align-items: center;
  gap: .75rem;
  margin: 0;
  color: ${SECONDARY};
  font-size: .875rem;
}

.velvet-divider::before,
.velvet-divider::after {
  content: '';
  flex: 1;
  border-top: 1px solid var(--velvet-border, #adbcc5);
}

[hidden] {
  display: none !important;
}
`;

/** Everything the element itself renders. */
export const velvetLoginStyles = [layoutStyles, progressBarStyles, emailInputStyles].join('\n');
