/** The passcode product's screens after the form: one lazy chunk, loaded as the code is sent. */
import './otp-authenticate-screen.js';
import './otp-confirmation-screen.js';
