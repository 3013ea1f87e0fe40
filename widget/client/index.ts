/**
 * The headless client library of the `<velvet-login>` widget: sessions, passcodes, users,
 * project bootstrap, PKCE and telemetry, with no UI and no framework.
 */

export * from './api-types.js';
export * from './backoff.js';
export * from './bootstrap.js';
export * from './bootstrap-data.js';
export * from './clock.js';
export * from './constants.js';
export * from './cookies.js';
export * from './crypto-wallets-client.js';
export * from './errors.js';
export * from './http-client.js';
export * from './idp-client.js';
export * from './key-value-storage.js';
export * from './magic-links-client.js';
export * from './oauth-client.js';
export * from './oauth-provider-names.js';
export * from './otp-client.js';
export * from './passwords-client.js';
export * from './pkce.js';
export * from './session-client.js';
export * from './session-manager.js';
export * from './session-state.js';
export * from './session-storage.js';
export * from './telemetry.js';
export * from './type-checks.js';
export * from './users-client.js';
export * from './velvet-client.js';
export * from './webauthn-client.js';
export * from './webauthn-json.js';
