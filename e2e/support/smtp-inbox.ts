/**
 * A real SMTP server (the `smtp-server` package) on a free loopback port, as the mail relay of
 * the end-to-end tests: the Velvet server sends to it through `SMTP_URL`, and the test reads what
 * arrived, decoded, as a guest would read their inbox.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** How long {@link SmtpInbox.waitFor} waits for a message: the server sends in the background. */
const MAIL_TIMEOUT_MS = 90_000;

/** One message the relay accepted. */
export interface ReceivedMail {
  readonly to: string[];
  /** The whole message as sent (headers and MIME parts). */
  readonly raw: string;
  /** The message with quoted-printable undone, for reading links. */
  readonly decoded: string;
}

/** A running inbox. */
export interface SmtpInbox {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  readonly url: string;
  /** Every message, oldest first. */
  readonly messages: ReceivedMail[];
  /** Waits (up to 90 s) for a message to `to`, and returns the newest. */
  waitFor(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** Undoes quoted-printable: soft line breaks and `=XX` escapes. */
export function decodeQuotedPrintable(text: string): string {
  return Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      ),
    'latin1',
  ).toString('utf8');
}

/** Starts an inbox that accepts every message without authentication. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const messages: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        messages.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async waitFor(to) {
      const deadline = Date.now() + MAIL_TIMEOUT_MS;
      for (;;) {
        const found = messages.filter((message) => message.to.includes(to)).at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no email to ${to} within 90 s`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
