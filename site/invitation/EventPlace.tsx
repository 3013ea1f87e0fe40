/**
 * An event's place: its name, and when the hosts gave its street address, the address with a
 * "Map" link (`site/places/map-links.ts`: the phone's maps app on Android, the hosts' web map
 * elsewhere) and a "Copy address" button, whose result is announced. When the browser refuses
 * to copy, the address is selected so the guest can copy it themselves.
 */
import { useRef, useState } from 'react';
import type { PlaceSettings, ScheduleEvent } from '../content/invitation.js';
import type { InvitationChrome } from '../i18n/en.js';
import { mapUrl, opensGeoLinks } from '../places/map-links.js';

type CopyState = 'idle' | 'copied' | 'failed';

/** The hosts' map setting and the site's words for the place links. */
export type PlaceTexts = PlaceSettings & InvitationChrome['places'];

/** Selects the text of `element`, for the guest to copy. */
function selectText(element: HTMLElement | null): void {
  const selection = element && window.getSelection();
  if (!selection || !element) return;
  const range = document.createRange();
  range.selectNodeContents(element);
  selection.removeAllRanges();
  selection.addRange(range);
}

/** The address, its map link and its copy button. */
function Address({
  event,
  address,
  texts,
}: {
  event: ScheduleEvent;
  address: string;
  texts: PlaceTexts;
}) {
  const [state, setState] = useState<CopyState>('idle');
  const addressRef = useRef<HTMLParagraphElement>(null);
  const userAgent = navigator.userAgent;
  const place = { name: event.location, address, coordinates: event.coordinates };
  // The web map opens in a new tab; the phone's own maps app takes a `geo:` link as it is.
  const newTab = opensGeoLinks(userAgent)
    ? {}
    : ({ target: '_blank', rel: 'noopener noreferrer' } as const);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setState('copied');
    } catch {
      selectText(addressRef.current);
      setState('failed');
    }
  };

  return (
    <>
      <p className="event-address" ref={addressRef}>
        {address}
      </p>
      <ul className="event-links" aria-label={texts.placeGroup.replace('{title}', event.title)}>
        <li>
          <a className="chip" href={mapUrl(place, texts.maps, userAgent)} {...newTab}>
            {texts.map}
          </a>
        </li>
        <li>
          <button type="button" className="chip" onClick={() => void copy()}>
            {texts.copy}
          </button>
        </li>
      </ul>
      <p className="copy-status" role="status">
        {state === 'copied' ? texts.copied : state === 'failed' ? texts.copyFailed : ''}
      </p>
    </>
  );
}

/** The place of `event`. */
export function EventPlace({ event, texts }: { event: ScheduleEvent; texts: PlaceTexts }) {
  return (
    <>
      <p className="event-location">
        <span aria-hidden="true">📍 </span>
        {event.location}
      </p>
      {event.address && <Address event={event} address={event.address} texts={texts} />}
    </>
  );
}
