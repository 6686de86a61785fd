// Rules of the maps area: the address of a point (offline, from the gazetteer) and expanding a
// shortened map link (over HTTP, guarded: src/integrations/geo/expand-url.ts). No tenant: nothing
// here reads or writes company data.
import { ExpandError, type ExpandFailure, type ExpandOptions, expandUrl } from '../../integrations/geo/expand-url.js';
import type { Gazetteer, LoadLog } from '../../integrations/geo/index.js';
import { coordinatesOf, providerOf, unwrapConsent } from '../../integrations/geo/map-links.js';
import { type ErrorCode, fail } from '../../platform/errors.js';
import { MapsErrors } from './maps.errors.js';
import type { ExpandUrlResponseDtoT, ReverseGeocodeAddressT } from './maps.schemas.js';

const EXPAND_FAILURES: Record<ExpandFailure, ErrorCode> = {
  invalid_url: MapsErrors.invalidUrl,
  unsupported_scheme: MapsErrors.unsupportedScheme,
  address_not_allowed: MapsErrors.addressNotAllowed,
  too_many_redirects: MapsErrors.tooManyRedirects,
  timeout: MapsErrors.timeout,
  unreachable: MapsErrors.unreachable,
};

/** How far the nearest postal code may be from the point and still be given. */
export const POSTAL_CODE_KM = 100;

export interface MapsServiceDeps {
  geo: (log?: LoadLog) => Promise<Gazetteer>;
  expand: ExpandOptions;
}

export function mapsService(deps: MapsServiceDeps) {
  return {
    /** The nearest known city to the point, with its state, country and nearest postal code. */
    async reverseGeocode(latitude: number, longitude: number, log?: LoadLog): Promise<ReverseGeocodeAddressT> {
      const g = await deps.geo(log);
      const nearest = g.nearestCity(latitude, longitude);
      if (!nearest) throw new Error('the gazetteer holds no city');
      const { city, km } = nearest;
      const support = city.country.postalCodeSupport;
      const postal = support === 'Full' || support === 'Partial' ? g.nearestPostal(city.state, latitude, longitude, POSTAL_CODE_KM) : undefined;
      const postalCode = postal?.code ?? null;
      return {
        id: null,
        name: null,
        street: null,
        street2: null,
        city: city.name,
        state: city.state.name,
        stateCode: city.state.isoCode,
        postalCode,
        postalCodeIsPartial: postalCode !== null && support === 'Partial',
        country: city.country.isoCode,
        countryName: city.country.name,
        latitude,
        longitude,
        isMain: false,
        customerId: null,
        fullAddress: `${city.name}, ${[city.state.name, postalCode].filter(Boolean).join(' ')}, ${city.country.isoCode}`,
        cityId: city.id,
        stateId: city.state.id,
        countryId: city.country.id,
        distanceKm: Math.round(km * 10) / 10,
      };
    },

    /** Follows the link's redirects and reads coordinates from where it ends. */
    async expandUrl(url: string): Promise<ExpandUrlResponseDtoT> {
      let expanded: Awaited<ReturnType<typeof expandUrl>>;
      try {
        expanded = await expandUrl(url, deps.expand);
      } catch (err) {
        if (err instanceof ExpandError) throw fail(EXPAND_FAILURES[err.reason], err.message);
        throw err;
      }
      const final = unwrapConsent(expanded.chain[expanded.chain.length - 1]!);
      // The final page may have dropped the coordinates an earlier hop carried (a sign-in or
      // consent page): the latest URL that holds some wins.
      const candidates = [final, ...expanded.chain.slice(0, -1).reverse().map(unwrapConsent)];
      const at = candidates.map(coordinatesOf).find((c) => c !== null) ?? null;
      return {
        originalUrl: url,
        expandedUrl: final.href,
        latitude: at?.latitude ?? null,
        longitude: at?.longitude ?? null,
        redirects: expanded.redirects,
        provider: providerOf(final),
      };
    },
  };
}

export type MapsService = ReturnType<typeof mapsService>;
