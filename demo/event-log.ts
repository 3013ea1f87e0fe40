/**
 * The event and error log: each `onEvent` and `onError` call of the live widget, newest first,
 * with the time, its type (or error message) and its data.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { repeat } from 'lit/directives/repeat.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../widget/events.js';

/** One callback the widget made. */
export interface LogEntry {
  readonly id: number;
  readonly at: Date;
  readonly kind: 'event' | 'error';
  /** The event type, or the error message. */
  readonly title: string;
  readonly data: unknown;
}

/** The most entries kept; older ones drop off. */
export const LOG_LIMIT = 200;

/** A log of the widget's callbacks. */
export class EventLog {
  private nextId = 1;
  private list: LogEntry[] = [];

  /** Newest first. */
  get entries(): readonly LogEntry[] {
    return this.list;
  }

  /** Records an `onEvent` call. */
  event(detail: VelvetEventDetail): void {
    this.add('event', detail.type, detail.data);
  }

  /** Records an `onError` call. */
  error(detail: VelvetErrorDetail): void {
    this.add('error', detail.message, detail);
  }

  /** Forgets every entry. */
  clear(): void {
    this.list = [];
  }

  private add(kind: LogEntry['kind'], title: string, data: unknown): void {
    const entry: LogEntry = { id: this.nextId++, at: new Date(), kind, title, data };
    this.list = [entry, ...this.list].slice(0, LOG_LIMIT);
  }
}

function time(at: Date): string {
  return at.toLocaleTimeString(undefined, { hour12: false });
}

/** The log's panel. */
export function eventLogPanel(log: EventLog, onClear: () => void): TemplateResult {
  return html`<section class="panel" aria-labelledby="log-title">
    <div class="panel-head">
      <h2 id="log-title">Events and errors</h2>
      <button type="button" class="secondary" @click=${onClear} ?disabled=${log.entries.length === 0}>
        Clear
      </button>
    </div>
    <p class="hint">What the widget passes to <code>onEvent</code> and <code>onError</code>, as it happens.</p>
    <div class="log" role="log" aria-label="Widget callbacks" tabindex="0"><ol>
      ${repeat(
        log.entries,
        (entry) => entry.id,
        (entry) => html`<li class=${`log-entry log-entry--${entry.kind}`}>
          <span class="log-kind">${entry.kind === 'event' ? 'onEvent' : 'onError'}</span>
          <time datetime=${entry.at.toISOString()}>${time(entry.at)}</time>
          <strong class="log-title">${entry.title}</strong>
          <pre class="log-data">${JSON.stringify(entry.data, null, 2)}</pre>
        </li>`,
      )}
      ${log.entries.length === 0 ? html`<li class="empty">Nothing yet: use the widget.</li>` : nothing}
    </ol></div>
  </section>`;
}
