// Coordinates written in map links. Each provider has its own forms; a marker (the place the link
// points at) is preferred over a viewport (where the map was centred when the link was made).
//   Google     .../place/Name/@48.85,2.29,17z/data=!3m1!4b1!...!3d48.8583!4d2.2944   (!3d!4d marker, @ view)
//              ?q=48.85,2.29   ?query=48.85,2.29 (api=1)   ?ll=   ?destination=   ?daddr=   /maps/search/48.85,+2.29
//   Apple      maps.apple.com/?ll=48.85,2.29&q=Name   ?coordinate=48.85,2.29   ?sll=
//   OSM        openstreetmap.org/?mlat=48.85&mlon=2.29#map=17/48.85/2.29   (mlat/mlon marker, #map view)
//   Bing       bing.com/maps?cp=48.85~2.29
//   Waze       waze.com/ul?ll=48.85,2.29   waze.com/live-map/directions?to=ll.48.85,2.29
// The forms are recognised on any host: a test server, a regional Google domain, a self-hosted OSM.

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const NUMBER = String.raw`([+-]?\d{1,3}(?:\.\d+)?)`;
const PAIR = new RegExp(String.raw`^\s*(?:loc:|ll\.)?\s*${NUMBER}\s*[,~]\s*${NUMBER}\s*$`, 'i');
const GOOGLE_MARKER = new RegExp(`!3d${NUMBER}!4d${NUMBER}`);
const GOOGLE_VIEW = new RegExp(`/@${NUMBER},${NUMBER}(?:[,/z]|$)`);
const PATH_PAIR = new RegExp(String.raw`/(?:place|search|dir)/(?:[^/]*/)*?${NUMBER},\s*\+?${NUMBER}(?:/|$)`);
const OSM_VIEW = new RegExp(String.raw`(?:^|&)map=\d{1,2}(?:\.\d+)?/${NUMBER}/${NUMBER}(?:&|$)`);

/** Query parameters that hold "lat,lng", in order of preference. */
const PAIR_PARAMETERS = ['q', 'query', 'll', 'coordinate', 'destination', 'daddr', 'to', 'sll', 'cp', 'center'];

function valid(lat: number, lng: number): Coordinates | null {
  return Number.isFinite(lat) && Number.isFinite(lng) && Math.abs(lat) <= 90 && Math.abs(lng) <= 180 ? { latitude: lat, longitude: lng } : null;
}

function fromMatch(match: RegExpExecArray | null): Coordinates | null {
  return match ? valid(Number(match[1]), Number(match[2])) : null;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** The coordinates a map link points at, or null when it holds none in a known form. */
export function coordinatesOf(url: URL): Coordinates | null {
  const path = decoded(url.pathname);
  const params = url.searchParams;
  const marker = fromMatch(GOOGLE_MARKER.exec(url.href));
  if (marker) return marker;
  const mlat = params.get('mlat');
  const mlon = params.get('mlon');
  if (mlat !== null && mlon !== null) {
    const found = valid(Number(mlat), Number(mlon));
    if (found) return found;
  }
  for (const name of PAIR_PARAMETERS) {
    const value = params.get(name);
    const found = value === null ? null : fromMatch(PAIR.exec(value));
    if (found) return found;
  }
  return fromMatch(PATH_PAIR.exec(path)) ?? fromMatch(GOOGLE_VIEW.exec(path)) ?? fromMatch(OSM_VIEW.exec(url.hash.slice(1)));
}

/** Google's consent page ("before you continue") carries the map link it interrupted. */
export function unwrapConsent(url: URL): URL {
  if (!/^consent\.google\./i.test(url.hostname)) return url;
  const next = url.searchParams.get('continue');
  if (!next) return url;
  try {
    const inner = new URL(next);
    return inner.protocol === 'https:' || inner.protocol === 'http:' ? inner : url;
  } catch {
    return url;
  }
}

const PROVIDERS: Array<[RegExp, string]> = [
  [/(^|\.)(google\.[a-z.]+|goo\.gl|g\.co)$/i, 'Google'],
  [/(^|\.)apple\.com$|^maps\.apple$/i, 'Apple'],
  [/(^|\.)(openstreetmap\.org|osm\.org)$/i, 'OpenStreetMap'],
  [/(^|\.)bing\.com$/i, 'Bing'],
  [/(^|\.)waze\.com$/i, 'Waze'],
];

/** The map provider a link belongs to, by host; null for any other host. */
export function providerOf(url: URL): string | null {
  return PROVIDERS.find(([pattern]) => pattern.test(url.hostname))?.[1] ?? null;
}
