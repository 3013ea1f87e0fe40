/**
 * The fixed top navigation: the couple's names as its title, links to the sections, and
 * "Sign out". It reflows instead of cutting anything off: on a narrow screen or with large
 * text the links and the button wrap onto further rows, and the bar grows with them (its height
 * is kept in `--nav-height`, so a section scrolled to by its link is not hidden beneath it).
 * A bar grown past a quarter of the screen's height scrolls away with the page rather than
 * covering it.
 */
import { useEffect, useRef } from 'react';
import type { NavLabels } from '../content/invitation.js';
import { useSiteTexts } from '../i18n/site-texts-context.js';

/** The sections the bar links to, by element id. */
const SECTIONS = ['hero', 'schedule', 'faq'] as const;

/** The share of the screen's height above which the bar stops following the page. */
const TALL_SHARE = 0.25;

/** Props of {@link Nav}. */
export interface NavProps {
  title: string;
  /** The hosts' words for the section links, over the site's (`InvitationContent.nav`). */
  labels?: NavLabels | undefined;
  signOut: {
    label: string;
    /** The label while signing out. */
    pendingLabel: string;
    pending: boolean;
    run: () => void;
  };
}

/** The labels the hosts wrote (an empty one keeps the site's word). */
function withoutEmpty(labels: NavLabels | undefined): NavLabels {
  return Object.fromEntries(Object.entries(labels ?? {}).filter(([, label]) => label?.trim()));
}

/** The top bar. */
export function Nav({ title, labels, signOut }: NavProps) {
  const words = { ...useSiteTexts().invitation.nav, ...withoutEmpty(labels) };
  const bar = useRef<HTMLElement>(null);

  useEffect(() => {
    const header = bar.current;
    const page = header?.parentElement;
    if (!header || !page) return;
    const measure = () => {
      const height = header.getBoundingClientRect().height;
      // A bar that would cover much of the screen (large text on a phone) scrolls away instead.
      const tall = height > window.innerHeight * TALL_SHARE;
      header.classList.toggle('nav--scrolls', tall);
      page.style.setProperty('--nav-height', tall ? '0px' : `${height}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    window.addEventListener('resize', measure);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, []);

  return (
    <header className="nav" ref={bar}>
      <nav aria-label={words.label} className="nav-inner">
        <a className="nav-title" href="#hero">
          {title}
        </a>
        <div className="nav-actions">
          <ul className="nav-links">
            {SECTIONS.map((id) => (
              <li key={id}>
                <a href={`#${id}`}>{words[id]}</a>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="nav-sign-out"
            onClick={signOut.run}
            disabled={signOut.pending}
          >
            {signOut.pending ? signOut.pendingLabel : signOut.label}
          </button>
        </div>
      </nav>
    </header>
  );
}
