/**
 * Where an event's "Map" link goes: on an Android phone a `geo:` URI (RFC 5870, with the
 * Android `q` parameter so the pin is named), which opens the phone's own maps app; elsewhere
 * the web map the hosts chose in the content, OpenStreetMap or Google Maps. iPhones get the web
 * map too: iOS opens no app for `geo:`, so the link would do nothing there.
 */
import type { Coordinates, MapService } from '../content/invitation.js';

/** A place as the map link needs it. */
export interface MapPlace {
  /** The place's name, for the pin. */
  readonly name: string;
  readonly address: string;
  readonly coordinates?: Coordinates;
}

/** Whether a browser's user agent says it runs on an Android device (which handles `geo:`). */
export function opensGeoLinks(userAgent: string): boolean {
  return /\bAndroid\b/i.test(userAgent);
}

/** Degrees with at most six decimals (about 10 cm), as `geo:` and the web maps write them. */
function degrees(value: number): string {
  return String(Number(value.toFixed(6)));
}

/** The `geo:` URI of `place`: its coordinates with a named pin, or a search for its address. */
export function geoUri(place: MapPlace): string {
  const { coordinates } = place;
  if (!coordinates) return `geo:0,0?q=${encodeURIComponent(place.address)}`;
  const point = `${degrees(coordinates.lat)},${degrees(coordinates.lon)}`;
  return `geo:${point}?q=${encodeURIComponent(`${point}(${place.name})`)}`;
}

/** The web map of `place` at `service`. */
export function webMapUrl(place: MapPlace, service: MapService): string {
  const { coordinates } = place;
  if (service === 'google') {
    const url = new URL('https://www.google.com/maps/search/');
    url.search = new URLSearchParams({ api: '1', query: place.address }).toString();
    return url.href;
  }
  if (!coordinates) {
    const url = new URL('https://www.openstreetmap.org/search');
    url.search = new URLSearchParams({ query: place.address }).toString();
    return url.href;
  }
  const lat = degrees(coordinates.lat);
  const lon = degrees(coordinates.lon);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=18/${lat}/${lon}`;
}

/** The "Map" link of `place` for a browser whose user agent is `userAgent`. */
export function mapUrl(place: MapPlace, service: MapService, userAgent: string): string {
  return opensGeoLinks(userAgent) ? geoUri(place) : webMapUrl(place, service);
}
