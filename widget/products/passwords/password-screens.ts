/** The passwords product's screens: one chunk, loaded when the user searches or a link opens. */
import './password-confirmation.js';
import './password-email-sent.js';
import './password-reset-form.js';
import './password-screen.js';
