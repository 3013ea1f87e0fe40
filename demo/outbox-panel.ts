/**
 * The development outbox (`GET /dev/outbox`, which a server outside production answers): the
 * passcodes the server "sent", newest first, so a developer can finish a sign-in without a
 * phone. The panel shows only when the server answers.
 */
import { html, nothing, type TemplateResult } from 'lit';

/** One message of the outbox, as `/dev/outbox` lists it. */
export interface OutboxMessage {
  readonly channel: string;
  readonly to: string;
  readonly text: string;
  readonly sent_at: string;
}

/** The most messages shown. */
export const OUTBOX_SHOWN = 10;

function isMessage(value: unknown): value is OutboxMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Record<string, unknown>;
  return ['channel', 'to', 'text', 'sent_at'].every((key) => typeof message[key] === 'string');
}

/** The passcode in a message's text, if it has one. */
export function passcodeIn(text: string): string | undefined {
  return /\b(\d{6})\b/.exec(text)?.[1];
}

/** The sign-in or password reset link in a message's text, if it has one. */
export function magicLinkIn(text: string): string | undefined {
  const href = /https?:\/\/\S+/.exec(text)?.[0];
  const type = href && new URL(href).searchParams.get('stytch_token_type');
  return type === 'magic_links' || type === 'reset_password' ? href : undefined;
}

/** What the demo knows of the outbox. */
export class DevOutbox {
  /** `unknown` until the first answer; `off` when the server has no outbox (production). */
  status: 'unknown' | 'on' | 'off' = 'unknown';
  messages: readonly OutboxMessage[] = [];
  /** Why the last refresh failed, if it did. */
  problem: string | undefined;
  private refreshing: Promise<void> | undefined;

  constructor(private readonly origin: string) {}

  /** Reads the outbox again; one read at a time. */
  refresh(): Promise<void> {
    this.refreshing ??= this.read().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async read(): Promise<void> {
    try {
      const response = await fetch(`${this.origin}/dev/outbox`, {
        headers: { accept: 'application/json' },
        cache: 'no-store',
      });
      if (response.status === 404) {
        this.status = 'off';
        return;
      }
      if (!response.ok) throw new Error(`the server answered ${response.status}`);
      const body = (await response.json()) as { messages?: unknown };
      if (!Array.isArray(body.messages)) throw new Error('the answer has no messages');
      this.messages = body.messages.filter(isMessage);
      this.status = 'on';
      this.problem = undefined;
    } catch (error) {
      if (this.status === 'unknown') this.status = 'off';
      this.problem = error instanceof Error ? error.message : String(error);
    }
  }
}

/**
 * The outbox's panel; nothing when the server has no outbox. Until the first answer it is there
 * already, saying it is reading, so that the panels below it do not move when the answer comes.
 */
export function outboxPanel(
  outbox: DevOutbox,
  onRefresh: () => void,
): TemplateResult | typeof nothing {
  if (outbox.status === 'off') return nothing;
  const shown = outbox.messages.slice(0, OUTBOX_SHOWN);
  return html`<section class="panel" aria-labelledby="outbox-title">
    <div class="panel-head">
      <h2 id="outbox-title">Development outbox</h2>
      <button type="button" class="secondary" @click=${onRefresh}>Refresh</button>
    </div>
    <p class="hint">
      This server runs in development: it keeps the passcodes and sign-in links it would send here
      instead. Newest first.
    </p>
    ${outbox.problem ? html`<p class="note" role="alert">Could not read the outbox: ${outbox.problem}</p>` : nothing}
    <!-- Focusable: the list scrolls once it holds a few messages, and keyboard users scroll it too. -->
    <ol class="outbox" aria-label="Sent messages" tabindex="0">
      ${shown.map((message) => {
        const link = magicLinkIn(message.text);
        const code = link ? undefined : passcodeIn(message.text);
        return html`<li class="outbox-message">
          <div class="outbox-meta">
            <span>${message.channel} to ${message.to}</span>
            <time datetime=${message.sent_at}>${new Date(message.sent_at).toLocaleTimeString(undefined, { hour12: false })}</time>
          </div>
          ${code ? html`<p class="outbox-code">Passcode <strong>${code}</strong></p>` : nothing}
          ${link ? html`<p class="outbox-code"><a href=${link}>${link.includes('stytch_token_type=reset_password') ? 'Open the password reset link to' : 'Open the sign-in link to'} ${message.to}</a></p>` : nothing}
          <p class="outbox-text">${message.text}</p>
        </li>`;
      })}
      ${
        outbox.status === 'unknown'
          ? html`<li class="empty">Reading the outbox…</li>`
          : shown.length === 0
            ? html`<li class="empty">No messages yet: send a passcode or a sign-in link with the widget.</li>`
            : nothing
      }
    </ol>
  </section>`;
}
