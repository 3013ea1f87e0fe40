/**
 * The magic-link product’s error types: links to unlisted URLs, links that cannot sign in, and too
 * many sends.
 * The modules that throw them import this file, so they are defined wherever they are thrown;
 * the product lists them as its `errors` for `/docs/errors`.
 */
import { defineErrors, type ErrorCode } from '../../http/api-error.js';

/** This product's `error_type`s, with their statuses and messages. */
export const magicLinksErrors = defineErrors({
  no_match_for_provided_magic_link_url: {
    status: 400,
    message: 'The magic link URL is not on the project’s list of redirect URLs.',
    fix:
      'Links open only URLs the project lists exactly (scheme, host, port, path and query): add it to ' +
      'emailMagicLinks.loginRedirectURLs or signupRedirectURLs in the config file, or send one that is listed.',
  },
  unable_to_auth_magic_link: {
    status: 404,
    message:
      'The magic link could not be authenticated: it was already used, it expired, or it is not valid. Please request a new link.',
  },
  magic_link_send_rate_limited: {
    status: 429,
    message: 'Too many sign-in links were requested. Please wait a few minutes and try again.',
  },
} as const satisfies Record<string, ErrorCode>);

type MagicLinksErrors = typeof magicLinksErrors;

declare module '../../http/api-error.js' {
  /** These types join the one catalogue when this product is part of the program. */
  interface ErrorCatalogue extends MagicLinksErrors {}
}
