/**
 * The session panel: the session and user the page's client library holds (the same client the
 * widget signs in with), and a button that revokes the session.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { SessionInfo } from '../widget/client/session-client.js';

/** What the panel shows. */
export interface SessionView {
  readonly info: SessionInfo;
  /** True while a revoke is under way. */
  readonly revoking: boolean;
  /** The outcome of the last revoke, if any. */
  readonly message?: string;
}

/** The session panel. */
export function sessionPanel(view: SessionView, onRevoke: () => void): TemplateResult {
  const { session, user } = view.info;
  return html`<section class="panel" aria-labelledby="session-title">
    <div class="panel-head">
      <h2 id="session-title">Session</h2>
      ${
        session
          ? html`<button type="button" class="danger" ?disabled=${view.revoking} @click=${onRevoke}>
            ${view.revoking ? 'Revoking…' : 'Revoke the session'}
          </button>`
          : nothing
      }
    </div>
    <p role="status" class="session-status">
      ${session ? `Signed in until ${new Date(session.expires_at).toLocaleString()}.` : 'Signed out.'}
      ${view.message ?? ''}
    </p>
    ${
      session
        ? html`<h3>Session</h3>
          <pre class="json" tabindex="0" aria-label="Session data">${JSON.stringify(session, null, 2)}</pre>
          <h3>User</h3>
          <pre class="json" tabindex="0" aria-label="User data">${JSON.stringify(user, null, 2)}</pre>`
        : html`<p class="hint">Sign in with the widget: the client library’s session and user show here.</p>`
    }
  </section>`;
}
