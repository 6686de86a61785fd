// One key per place: two addresses written differently ("12 North Main Street, Ste 4" and
// "12 N. Main St #4") get the same key, so duplicates and shared places can be found by index.

const ABBREVIATIONS: Record<string, string> = {
  street: 'st',
  avenue: 'ave',
  road: 'rd',
  boulevard: 'blvd',
  drive: 'dr',
  lane: 'ln',
  court: 'ct',
  place: 'pl',
  highway: 'hwy',
  parkway: 'pkwy',
  expressway: 'expy',
  freeway: 'fwy',
  terrace: 'ter',
  square: 'sq',
  circle: 'cir',
  route: 'rte',
  suite: 'ste',
  apartment: 'apt',
  building: 'bldg',
  floor: 'fl',
  unit: 'unit',
  north: 'n',
  south: 's',
  east: 'e',
  west: 'w',
  northeast: 'ne',
  northwest: 'nw',
  southeast: 'se',
  southwest: 'sw',
  mount: 'mt',
  fort: 'ft',
  saint: 'st',
};

/** Lower case, accents and punctuation gone, common street words abbreviated. */
export function normalizeText(text: string | null | undefined): string {
  if (!text) return '';
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .filter(Boolean)
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

export interface PlaceParts {
  street: string;
  street2?: string | null;
  city: string;
  state?: string | null;
  postalCode?: string | null;
  country: string;
}

export function addressKey(place: PlaceParts): string {
  return [
    normalizeText(`${place.street} ${place.street2 ?? ''}`),
    normalizeText(place.city),
    normalizeText(place.state),
    (place.postalCode ?? '').toLowerCase().replace(/[^a-z0-9]/g, ''),
    place.country.toLowerCase(),
  ].join('|');
}

/** "12 Main St, Suite 4, Austin, TX 78701, US" */
export function formatAddress(place: PlaceParts): string {
  const cityLine = [place.city, [place.state, place.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [place.street, place.street2, cityLine, place.country].filter(Boolean).join(', ');
}
