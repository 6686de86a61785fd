// Maps (part 1, "Maps"): reverse geocoding and expanding shortened map links. Open to any
// signed-in user; no transaction (nothing here reads the database, and a link may take 5 s).
import { signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { ExpandUrlRequestDto, ExpandUrlResponseDto, ReverseGeocodeAddress, ReverseGeocodeQuery } from './maps.schemas.js';
import type { MapsService } from './maps.service.js';

export function mapsRoutes(maps: MapsService): AnyRoute[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/Maps/ExpandUrl',
      access: signedIn,
      transaction: false,
      // A POST that changes nothing: it reads a link on the internet.
      readOnly: true,
      summary: 'Expand a shortened map link',
      description:
        "Follows the link's HTTP redirects (at most 5, 5 s in all, http and https only, public internet addresses only) and reads the coordinates " +
        'from where it ends: Google (@lat,lng / !3d!4d / q= / query= / ll=), Apple (ll= / q=), OpenStreetMap (mlat/mlon, #map=), Bing (cp=), Waze (ll=). ' +
        'No coordinates in a known form: latitude and longitude are null. Refusals (400): maps.invalid_url, maps.unsupported_scheme, ' +
        'maps.address_not_allowed, maps.too_many_redirects (also a loop), maps.timeout, maps.unreachable (no connection, or HTTP 4xx/5xx from the link itself).',
      body: ExpandUrlRequestDto,
      response: ExpandUrlResponseDto,
      handler: ({ body }) => maps.expandUrl(body.url),
    }),
    defineRoute({
      method: 'GET',
      url: '/Maps/ReverseGeocode',
      access: signedIn,
      transaction: false,
      summary: 'The address of a point',
      description:
        'Offline: the nearest known city (great-circle distance) with its state, country (ISO 3166-1 alpha-2) and, in the US and Canada, ' +
        'the nearest postal code of that state. lat in [-90, 90] and lng in [-180, 180], both required.',
      querystring: ReverseGeocodeQuery,
      response: ReverseGeocodeAddress,
      handler: ({ request, query }) => maps.reverseGeocode(query.lat, query.lng, request.log),
    }),
  ];
}
