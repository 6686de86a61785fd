// Rules of the reference-data area: listing countries, states and cities, a city's postal codes,
// and checking a postal code. The data is the in-memory gazetteer (src/integrations/geo): global,
// the same for every company, so there is no tenant here and nothing is written.
import type { Gazetteer, LoadLog } from '../../integrations/geo/index.js';
import { fold } from '../../integrations/geo/text.js';
import { fail, invalid, notFound } from '../../platform/errors.js';
import { ReferenceErrors } from './reference.errors.js';
import {
  CITIES_DEFAULT_PAGE,
  CITIES_MAX_PAGE,
  type CitiesQueryT,
  type CityPostalCodesDtoT,
  type CityT,
  type CountryDtoT,
  type PostalCodeValidationDtoT,
  type StateT,
  toCity,
  toCountryDto,
  toState,
  type ValidateQueryT,
} from './reference.schemas.js';

/** A known code of the city's state this close to the city is accepted for it: postal areas
 *  cross city limits (a Brooklyn ZIP code on a "New York City" address). */
export const NEAR_CITY_KM = 30;

export type GazetteerSource = (log?: LoadLog) => Promise<Gazetteer>;

export function referenceService(geo: GazetteerSource) {
  function country(g: Gazetteer, id: number) {
    const found = g.country(id);
    if (!found) throw notFound('Country', id);
    return found;
  }
  function state(g: Gazetteer, id: number) {
    const found = g.state(id);
    if (!found) throw notFound('State', id);
    return found;
  }
  function city(g: Gazetteer, id: number) {
    const found = g.cityById(id);
    if (!found) throw notFound('City', id);
    return found;
  }

  return {
    /** Every country, by name. */
    async countries(log?: LoadLog): Promise<CountryDtoT[]> {
      const g = await geo(log);
      return g.countries.map(toCountryDto);
    },

    /** The country's states, by name (empty for a country without states). */
    async states(countryId: number, log?: LoadLog): Promise<StateT[]> {
      const g = await geo(log);
      return g.statesOf(country(g, countryId)).map(toState);
    },

    /** Every city of the state, by name (the largest state has under 3,000). */
    async citiesOfState(stateId: number, log?: LoadLog): Promise<CityT[]> {
      const g = await geo(log);
      return g.citiesOf(state(g, stateId)).map(toCity);
    },

    /** Cities by name, filtered by country, state and the start of the name; one page. */
    async cities(query: CitiesQueryT, log?: LoadLog): Promise<CityT[]> {
      const g = await geo(log);
      const page = query.Page && query.Page > 0 ? query.Page : 1;
      const size = query.ItemsPerPage && query.ItemsPerPage > 0 ? Math.min(query.ItemsPerPage, CITIES_MAX_PAGE) : CITIES_DEFAULT_PAGE;
      const prefix = query.SearchTerm ? fold(query.SearchTerm) : '';
      return g
        .searchCities({
          ...(query.countryId != null ? { country: country(g, query.countryId) } : {}),
          ...(query.stateId != null ? { state: state(g, query.stateId) } : {}),
          ...(prefix ? { prefix } : {}),
          offset: (page - 1) * size,
          limit: size,
        })
        .map(toCity);
    },

    async postalCodes(cityId: number, log?: LoadLog): Promise<CityPostalCodesDtoT> {
      const g = await geo(log);
      const found = city(g, cityId);
      return {
        cityId: found.id,
        cityName: found.name,
        stateId: found.state.id,
        countryId: found.country.id,
        countryCode: found.country.isoCode,
        postalCodeSupport: found.country.postalCodeSupport,
        postalCodes: g.postalCodesOf(found),
      };
    },

    /**
     * Checks a postal code: against the city's codes where the country has postal data (US, and
     * Canada by its first 3 characters), else against the country's format.
     */
    async validate(query: ValidateQueryT, log?: LoadLog): Promise<PostalCodeValidationDtoT> {
      const g = await geo(log);
      const inCity = query.cityId != null ? city(g, query.cityId) : null;
      const where = query.countryId != null ? country(g, query.countryId) : inCity?.country;
      if (!where) throw invalid('countryId', 'Send countryId, cityId or both.');
      if (inCity && inCity.country !== where) {
        throw fail(ReferenceErrors.cityNotInCountry, `City ${inCity.id} (${inCity.name}) is in ${inCity.country.name}, not in ${where.name}.`);
      }
      const sent = query.postalCode.trim();
      if (!sent) throw invalid('postalCode', 'The postalCode field is required.');

      const answer = (
        isValid: boolean,
        result: PostalCodeValidationDtoT['result'],
        checkedAgainst: PostalCodeValidationDtoT['checkedAgainst'],
        postalCode: string,
        message: string,
        suggested: { id: number; name: string } | null = null,
      ): PostalCodeValidationDtoT => ({
        isValid,
        result,
        checkedAgainst,
        postalCode,
        countryId: where.id,
        countryCode: where.isoCode,
        cityId: inCity?.id ?? null,
        message,
        suggestedCityId: suggested?.id ?? null,
        suggestedCityName: suggested?.name ?? null,
      });

      if (where.postalCodeSupport === 'None') {
        return answer(true, 'NotUsed', 'None', sent, `${where.name} has no postal codes, or none of known format: any value is accepted.`);
      }
      if (g.checkFormat(where.isoCode, sent) !== true) {
        return answer(false, 'InvalidFormat', 'Format', sent, `"${sent}" is not written like a postal code of ${where.name}.`);
      }
      const code = g.normalizePostalCode(where, sent);
      if (where.postalCodeSupport === 'Format') {
        return answer(true, 'ValidFormat', 'Format', code, `${code} is written like a postal code of ${where.name}; the service has no list of its codes.`);
      }

      const point = g.postalPoint(where.isoCode, code);
      const listed = point && point.code !== code ? `${point.code} (the area of ${code})` : code;
      if (!point) return answer(false, 'UnknownCode', 'Country', code, `${code} is not a postal code of ${where.name}.`);
      const pointState = g.states[point.state]!;
      if (!inCity) return answer(true, 'InCountry', 'Country', code, `${listed} is a postal code of ${pointState.name}, ${where.name}.`);

      const place = `${inCity.name}, ${inCity.state.name}`;
      if (g.postalCodesOf(inCity).includes(point.code)) return answer(true, 'InCity', 'City', code, `${listed} is a postal code of ${place}.`);
      const owner = point.cities.length > 0 ? g.cityAt(point.cities[0]!) : null;
      const ownerPlace = owner ? `${owner.name}, ${owner.state.name}` : pointState.name;
      if (point.state === inCity.state.index && point.latitude !== null && point.longitude !== null) {
        const km = g.distanceKm({ latitude: point.latitude, longitude: point.longitude }, inCity);
        if (km <= NEAR_CITY_KM) {
          return answer(true, 'NearCity', 'City', code, `${listed} is a postal code of ${ownerPlace}, ${Math.round(km)} km from ${place}.`);
        }
      }
      return answer(false, 'OtherPlace', 'City', code, `${listed} is a postal code of ${ownerPlace}, not of ${place}.`, owner);
    },
  };
}

export type ReferenceService = ReturnType<typeof referenceService>;
