// Reference data (part 1, "Reference data"): countries, states, cities, postal codes. Open to any
// signed-in user; no transaction (nothing here reads the database). Its ids are global: the same
// countries, states and cities for every company.
import { signedIn } from '../../platform/access.js';
import { type AnyRoute, defineRoute } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import {
  CitiesQuery,
  City,
  CityIdParams,
  CityPostalCodesDto,
  CountryDto,
  CountryIdParams,
  PostalCodeValidationDto,
  State,
  StateIdParams,
  ValidateQuery,
} from './reference.schemas.js';
import type { ReferenceService } from './reference.service.js';

const IDS =
  'Ids are stable: countries use the ISO 3166-1 numeric code; states and cities an id derived from their country, state code and name (see the reference-data guide).';

export function referenceRoutes(reference: ReferenceService): AnyRoute[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/Countries',
      access: signedIn,
      transaction: false,
      summary: 'List every country',
      description: `All 250 countries, by name. ${IDS}`,
      response: Type.Array(CountryDto),
      handler: ({ request }) => reference.countries(request.log),
    }),
    defineRoute({
      method: 'GET',
      url: '/Countries/:countryId/States',
      access: signedIn,
      transaction: false,
      ids: { params: { countryId: 'global' } },
      summary: "List a country's states",
      description: 'States, provinces and other first-level subdivisions, by name; an empty list for a country without any.',
      params: CountryIdParams,
      response: Type.Array(State),
      handler: ({ request, params }) => reference.states(params.countryId, request.log),
    }),
    defineRoute({
      method: 'GET',
      url: '/Countries/:stateId/Cities',
      access: signedIn,
      transaction: false,
      ids: { params: { stateId: 'global' } },
      summary: "List a state's cities",
      description: 'Every city of the state (the path takes a state id, as the spec writes it), by name.',
      params: StateIdParams,
      response: Type.Array(City),
      handler: ({ request, params }) => reference.citiesOfState(params.stateId, request.log),
    }),
    defineRoute({
      method: 'GET',
      url: '/Cities',
      // An unknown country or state (reference data, not the company's) is a 404.
      statuses: [404],
      access: signedIn,
      transaction: false,
      ids: { query: { countryId: 'global', stateId: 'global' } },
      summary: 'Find cities',
      description:
        'Cities by name (case and accents ignored), one page at a time: ItemsPerPage default 100, at most 1000; Page from 1. ' +
        'countryId and stateId filter; SearchTerm matches the start of the name. An unknown countryId or stateId is a 404.',
      querystring: CitiesQuery,
      response: Type.Array(City),
      handler: ({ request, query }) => reference.cities(query, request.log),
    }),
    defineRoute({
      method: 'GET',
      url: '/Cities/:cityId/PostalCodes',
      access: signedIn,
      transaction: false,
      ids: { params: { cityId: 'global' } },
      summary: "A city's postal codes",
      description:
        "US: the city's ZIP codes. Canada: the forward sortation areas (first 3 characters) of the city. Elsewhere an empty list: postalCodeSupport says what is known.",
      params: CityIdParams,
      response: CityPostalCodesDto,
      handler: ({ request, params }) => reference.postalCodes(params.cityId, request.log),
    }),
    defineRoute({
      method: 'GET',
      url: '/Cities/PostalCodes/Validate',
      // An unknown country or state (reference data, not the company's) is a 404.
      statuses: [404],
      access: signedIn,
      transaction: false,
      ids: { query: { cityId: 'global', countryId: 'global' } },
      summary: 'Check a postal code',
      description:
        "Against the city's codes where the country has postal data (US; Canada by its first 3 characters), else against the country's format. " +
        "cityId, countryId or both (the country is then the city's; a city of another country is refused with reference.city_not_in_country). " +
        'A well-formed question is answered 200 with isValid; an unknown city or country is a 404.',
      querystring: ValidateQuery,
      response: PostalCodeValidationDto,
      handler: ({ request, query }) => reference.validate(query, request.log),
    }),
  ];
}
