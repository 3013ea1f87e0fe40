/**
 * Where the hosts' page is: `/host` (or `/host/`) shows it instead of the invitation. The page
 * is the same `index.html`; its code loads only there (`site/host-gate/`, then `site/host/`).
 */

/** Whether `pathname` (`location.pathname`) is the hosts' page. */
export function isHostPath(pathname: string): boolean {
  return pathname === '/host' || pathname === '/host/';
}

/** The hosts' page's words before its code loads (the hosts' page is in English). */
export const HOST_PAGE_WORDS = {
  loading: 'Loading the hosts’ page…',
  failed: 'The hosts’ page could not load',
} as const;
