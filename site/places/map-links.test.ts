/**
 * The "Map" links of the places: Android phones get a `geo:` URI with the coordinates and a
 * named pin (or a search for the address when the hosts gave no coordinates); other browsers,
 * iPhones included, the hosts' web map, OpenStreetMap or Google Maps, every value encoded.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { geoUri, mapUrl, opensGeoLinks, webMapUrl } from './map-links.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

const ROOM = {
  name: 'The Mirrorball Room',
  address: '2550 Mission St, San Francisco, CA 94110',
  coordinates: { lat: 37.7563, lon: -122.4187 },
};

test('Android phones open geo: links; iPhones and computers do not', () => {
  assert.equal(opensGeoLinks(ANDROID), true);
  assert.equal(opensGeoLinks(IPHONE), false);
  assert.equal(opensGeoLinks(DESKTOP), false);
});

test('a geo: URI has the coordinates and names the pin, or searches the address', () => {
  assert.equal(
    geoUri(ROOM),
    'geo:37.7563,-122.4187?q=37.7563%2C-122.4187(The%20Mirrorball%20Room)',
  );
  assert.equal(
    geoUri({ name: 'Park', address: 'Dolores St & 19th St' }),
    'geo:0,0?q=Dolores%20St%20%26%2019th%20St',
  );
  assert.equal(mapUrl(ROOM, 'openstreetmap', ANDROID), geoUri(ROOM));
});

test('OpenStreetMap shows a marker at the coordinates, or searches the address', () => {
  assert.equal(
    webMapUrl(ROOM, 'openstreetmap'),
    'https://www.openstreetmap.org/?mlat=37.7563&mlon=-122.4187#map=18/37.7563/-122.4187',
  );
  const search = new URL(webMapUrl({ name: 'x', address: 'A & B' }, 'openstreetmap'));
  assert.equal(search.pathname, '/search');
  assert.equal(search.searchParams.get('query'), 'A & B');
  assert.equal(mapUrl(ROOM, 'openstreetmap', IPHONE), webMapUrl(ROOM, 'openstreetmap'));
});

test('Google Maps searches the address with the Maps URLs API', () => {
  const url = new URL(mapUrl(ROOM, 'google', DESKTOP));
  assert.equal(url.origin + url.pathname, 'https://www.google.com/maps/search/');
  assert.deepEqual(Object.fromEntries(url.searchParams), { api: '1', query: ROOM.address });
});
