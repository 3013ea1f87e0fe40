/**
 * The invitation site's entry: one client library instance for the page (shared with the
 * sign-in widget, so both see one session) in HttpOnly-cookie mode, the guest status that
 * follows it, the language (the browser's, among the site's) and the React app that switches between the gate, the rejection screen and the
 * invitation.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { VelvetClient } from '../widget/client/velvet-client.js';
import { App } from './app/App.js';
import { readGuestSessionMinutes } from './app/guest-session.js';
import { GuestStatus } from './app/guest-status.js';
import { readPublicToken } from './app/public-token.js';
import { loadSiteTexts } from './i18n/load-site-texts.js';
import { siteLocale } from './i18n/site-locale.js';
import { SiteTextsContext } from './i18n/site-texts-context.js';
import './styles/site.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

const publicToken = readPublicToken(document);
// The server's own origin: the session is its HttpOnly cookie, out of every page script's reach.
const client = new VelvetClient(publicToken, { httpOnlyCookies: true });
// The site's words and the widget's follow the browser's language among en, es and fr.
const locale = siteLocale(navigator.languages);
document.documentElement.lang = locale;

void loadSiteTexts(locale).then((texts) => {
  document.title = texts.title;
  // Each visit with a session extends it to the site project's guest session length.
  const status = new GuestStatus(client, texts.checkError, readGuestSessionMinutes(document));
  status.start();
  createRoot(container).render(
    <StrictMode>
      <SiteTextsContext.Provider value={texts}>
        <App client={client} status={status} publicToken={publicToken} locale={locale} />
      </SiteTextsContext.Provider>
    </StrictMode>,
  );
});
