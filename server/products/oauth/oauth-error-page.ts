/**
 * The page a browser sees when an OAuth start or callback fails: these are navigations, not API
 * calls, so the catalogue's error is shown as a small HTML page with the same status, error type,
 * message and request id (and a link to the error's documentation).
 */
import { type ApiError, errorUrl } from '../../http/api-error.js';
import { escapeHtml } from '../../http/escape-html.js';

/** The HTML of the error page for `error`. */
export function oauthErrorPage(error: ApiError, requestId: string, ownOrigin: string): string {
  const docs = errorUrl(error.type, ownOrigin);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign-in could not be completed</title>
<style>
body{font-family:Arial,Helvetica,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#19303d}
code{background:#f3f5f6;padding:0 .25rem}
a{color:#19303d}
</style>
</head>
<body>
<main>
<h1>Sign-in could not be completed</h1>
<p role="alert" data-error-type="${escapeHtml(error.type)}">${escapeHtml(error.message)}</p>
<p>Go back to the page you came from and try again.</p>
<p><small>Error <code>${escapeHtml(error.type)}</code> (${error.status}), request <code>${escapeHtml(requestId)}</code>. <a href="${escapeHtml(docs)}">What this error means</a>.</small></p>
</main>
</body>
</html>
`;
}
