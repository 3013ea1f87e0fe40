/**
 * The hosts' page, for signed-in hosts only (the server hands this chunk to nobody else):
 * a bar with who is signed in and "Sign out", the passkey offer after a sign-in by text, and
 * the sections as tabs: Guests, Invitation, Photos, Hosts and Activity. The chosen tab is in
 * the address (`/host#photos`), so a reload stays there. Every change goes through "Confirm
 * it's you" when the server asks for a recent sign-in (`confirm-sign-in.tsx`).
 */
import { useCallback, useRef, useState } from 'react';
import type { VelvetClient } from '../../widget/client/index.js';
import { useScreenHeading } from '../app/screen-arrival.js';
import { useSignOut } from '../app/use-sign-out.js';
import type { InvitationContent } from '../content/invitation.js';
import type { HostMe } from '../host-gate/host-me.js';
import type { SiteLocale } from '../i18n/site-locale.js';
import { PasskeyOffer } from '../passkey-offer/PasskeyOffer.js';
import { ActivityPanel } from './ActivityPanel.js';
import { ContentPanel } from './ContentPanel.js';
import { ContentPreview } from './ContentPreview.js';
import { ConfirmSignInProvider } from './confirm-sign-in.js';
import { GuestsPanel } from './GuestsPanel.js';
import { HostsPanel } from './HostsPanel.js';
import { PhotosPanel } from './PhotosPanel.js';
import { Tabs } from './Tabs.js';
import './host.css';

/** The sections, in order. */
const SECTIONS = [
  { key: 'guests', label: 'Guests' },
  { key: 'invitation', label: 'Invitation' },
  { key: 'photos', label: 'Photos' },
  { key: 'hosts', label: 'Hosts' },
  { key: 'activity', label: 'Activity' },
] as const;

/** A section's key. */
type Section = (typeof SECTIONS)[number]['key'];

/** The section the address names, or the guests. */
function sectionOfHash(hash: string): Section {
  const key = hash.replace(/^#/, '');
  return SECTIONS.find((section) => section.key === key)?.key ?? 'guests';
}

/** Props of {@link HostPage}. */
export interface HostPageProps {
  client: VelvetClient;
  publicToken: string;
  locale: SiteLocale;
  /** The signed-in host, as the server said. */
  me: HostMe;
}

/** The hosts' page (see the module comment). */
export default function HostPage({ client, publicToken, locale, me }: HostPageProps) {
  const [section, setSection] = useState<Section>(() => sectionOfHash(location.hash));
  const [preview, setPreview] = useState<InvitationContent | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const heading = useScreenHeading<HTMLHeadingElement>('You are signed in as one of the hosts.');
  const { state, signOut } = useSignOut(client);

  const select = useCallback((key: Section) => {
    setSection(key);
    history.replaceState(history.state, '', `#${key}`);
  }, []);
  const openPreview = useCallback((draft: InvitationContent) => {
    opener.current = document.activeElement as HTMLElement | null;
    setPreview(draft);
  }, []);
  const closePreview = useCallback(() => {
    setPreview(null);
    requestAnimationFrame(() => opener.current?.focus());
  }, []);

  const panels = {
    guests: <GuestsPanel active={section === 'guests'} />,
    invitation: <ContentPanel onPreview={openPreview} />,
    photos: <PhotosPanel />,
    hosts: <HostsPanel active={section === 'hosts'} />,
    activity: <ActivityPanel active={section === 'activity'} />,
  } satisfies Record<Section, unknown>;

  return (
    <ConfirmSignInProvider client={client} publicToken={publicToken} locale={locale}>
      <div className="host" hidden={preview !== null}>
        <header className="host-bar">
          <p className="host-brand">Hosts’ page</p>
          <p className="host-who">
            Signed in as <strong>{me.host.name || me.host.identifier}</strong>
          </p>
          <button
            type="button"
            className="host-button host-button--small"
            onClick={signOut}
            disabled={state === 'signing-out'}
          >
            {state === 'signing-out' ? 'Signing out…' : 'Sign out'}
          </button>
        </header>
        <main className="host-main">
          <h1 ref={heading} tabIndex={-1}>
            Your party
          </h1>
          {state === 'failed' && (
            <p role="alert" className="host-problem">
              We could not sign you out. Check your connection and try again.
            </p>
          )}
          <PasskeyOffer client={client} />
          <Tabs
            label="Sections"
            tabs={SECTIONS.map(({ key, label }) => ({ key, label, panel: panels[key] }))}
            selected={section}
            onSelect={select}
          />
        </main>
      </div>
      {preview && <ContentPreview client={client} content={preview} onClose={closePreview} />}
    </ConfirmSignInProvider>
  );
}
