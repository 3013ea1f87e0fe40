/**
 * How long a file's setup may take. A `beforeAll` gets the test's limit unless it says
 * otherwise, and a setup does more than a test: the first one in a run builds the widget, the
 * demo or the site (33 s and 26 s for two builds alone at a load of 15) and every one starts
 * servers. So each begins with `test.setTimeout(SETUP_TIMEOUT_MS)`, whichever file runs first.
 */
export const SETUP_TIMEOUT_MS = 600_000;
