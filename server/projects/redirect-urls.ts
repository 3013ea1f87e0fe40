/**
 * The redirect allow-list, checked once for every product that sends a browser somewhere
 * (OAuth, One Tap, magic links, password resets): a URL is accepted only if the project lists
 * it exactly, and a request naming none gets the first listed.
 */
import { ApiError, ErrorCodes, type ErrorType } from '../http/api-error.js';

/** The error types a product answers with when its list cannot serve a request. */
export interface RedirectRefusals {
  /** The request named no URL and the project lists none. */
  readonly noneListed: ErrorType;
  /** The request named a URL the project does not list exactly. */
  readonly notListed: ErrorType;
}

/** How much of a refused URL the error message repeats. */
const SHOWN_URL_LENGTH = 200;

/**
 * The listed URL to land on: `asked` if the project lists it exactly (scheme, host, port, path and
 * query), the first listed when `asked` is absent or empty. Throws `refusals.noneListed` when
 * `asked` is absent or empty and nothing is listed, and `refusals.notListed` (its catalogue
 * message, naming the URL) when `asked` is not on the list, an empty one included.
 */
export function listedRedirect(
  asked: string | undefined,
  listed: readonly string[],
  refusals: RedirectRefusals,
): string {
  if (asked === undefined || asked === '') {
    const first = listed[0];
    if (first === undefined) throw new ApiError(refusals.noneListed);
    return first;
  }
  if (!listed.includes(asked)) {
    const message = ErrorCodes[refusals.notListed].message.replace(/\.$/, '');
    throw new ApiError(refusals.notListed, `${message}: ${asked.slice(0, SHOWN_URL_LENGTH)}`);
  }
  return asked;
}
