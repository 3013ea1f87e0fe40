/**
 * The Email Confirmation screen's mail links (spec section 2): Gmail searches the mail, filtered
 * by the sender's domain when known; Yahoo opens a keyword search; Outlook opens the inbox. The
 * provider hint is `domainHint`, else the single email domain of bootstrap, else none.
 */
import type { ProductContext } from '../product.js';

/** The sender domain to search for, if known. */
export function mailProviderHint(context: ProductContext): string | undefined {
  const hint = context.config.emailMagicLinksOptions?.domainHint;
  if (hint) return hint;
  const domains = context.bootstrap?.emailDomains ?? [];
  return domains.length === 1 ? domains[0] : undefined;
}

/** One link per provider: its name and address. */
export function mailLinks(hint: string | undefined): { name: string; href: string }[] {
  const gmailQuery = hint ? `from:${hint} in:anywhere` : 'in:inbox';
  return [
    {
      name: 'Gmail',
      href: `https://mail.google.com/mail/u/0/#search/${encodeURIComponent(gmailQuery)}`,
    },
    {
      name: 'Yahoo',
      href: `https://mail.yahoo.com/d/search/keyword=${encodeURIComponent(hint ?? '')}`,
    },
    { name: 'Outlook', href: 'https://outlook.live.com/mail/0/inbox' },
  ];
}
