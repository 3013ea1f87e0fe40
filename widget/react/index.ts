/**
 * The React package's entry (`velvet-login-react`): the three wrappers, each in its own module
 * importing only its own element, so an app's bundler (the package has no side effects) keeps
 * only the elements of the wrappers the app uses.
 */

export type { VelvetComponent, VelvetComponentProps } from './velvet-component.js';
export * from './velvet-identity-provider-react.js';
export * from './velvet-login-react.js';
export * from './velvet-passkey-registration-react.js';
