/**
 * The invitation itself: navigation, hero, schedule, FAQ and footer, from the content module.
 * This module and everything it imports form the private chunk (`dist/site/private/`), which
 * the server hands out to invited guests only.
 */
import { useEffect } from 'react';
import { invitation } from '../content/invitation.js';
import { Faq } from './Faq.js';
import { Footer } from './Footer.js';
import { Hero } from './Hero.js';
import { Nav } from './Nav.js';
import { Schedule } from './Schedule.js';
import './invitation.css';

/** The whole invitation page. */
export default function Invitation() {
  useEffect(() => {
    const previous = document.title;
    document.title = `${invitation.names} · ${invitation.date}`;
    return () => {
      document.title = previous;
    };
  }, []);

  return (
    <div className="invitation">
      <Nav title={invitation.names} items={invitation.nav} />
      <main>
        <Hero content={invitation} />
        <Schedule {...invitation.schedule} />
        <Faq {...invitation.faq} />
      </main>
      <Footer {...invitation.footer} />
    </div>
  );
}
