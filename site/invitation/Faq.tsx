/**
 * The FAQ: an accordion of independent items (all closed at first; any number open at once),
 * each a heading with a button (`aria-expanded`) controlling its answer, and a turning chevron;
 * then the "Still Have Questions?" card, whose link opens a text message to the hosts.
 */
import { useId, useState } from 'react';
import type { InvitationContent } from '../content/invitation.js';
import { RichText } from './RichText.js';

/** The `sms:` link to `phone` (digits and a leading `+` only), which opens a new text message. */
export function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, '')}`;
}

/** The FAQ section (`#faq`). */
export function Faq({ heading, subtitle, items, closing }: InvitationContent['faq']) {
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const id = useId();

  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(index)) next.add(index);
      return next;
    });

  return (
    <section id="faq" className="section faq" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="section-subtitle">{subtitle}</p>
      <div className="accordion">
        {items.map((item, index) => {
          const expanded = open.has(index);
          return (
            <div key={item.question} className="accordion-item">
              <h3 className="accordion-heading">
                <button
                  type="button"
                  id={`${id}-q${index}`}
                  className="accordion-button"
                  aria-expanded={expanded}
                  aria-controls={`${id}-a${index}`}
                  onClick={() => toggle(index)}
                >
                  <span>{item.question}</span>
                  <svg
                    className="chevron"
                    viewBox="0 0 24 24"
                    width="20"
                    height="20"
                    aria-hidden="true"
                  >
                    <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.5" />
                  </svg>
                </button>
              </h3>
              <section
                id={`${id}-a${index}`}
                aria-labelledby={`${id}-q${index}`}
                className="accordion-panel"
                hidden={!expanded}
              >
                <p>
                  <RichText text={item.answer} />
                </p>
              </section>
            </div>
          );
        })}
      </div>
      <aside className="closing-card" aria-labelledby={`${id}-closing`}>
        <h3 id={`${id}-closing`}>{closing.heading}</h3>
        <p>
          <RichText text={closing.text} />
        </p>
        <a className="button sms-link" href={smsHref(closing.phone)}>
          {closing.textLabel} <span className="sms-number">{closing.phone}</span>
        </a>
      </aside>
    </section>
  );
}
