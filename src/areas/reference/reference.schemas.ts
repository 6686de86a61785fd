// Models of the reference-data area: CountryDto, State, City, CityPostalCodesDto,
// PostalCodeValidationDto; gazetteer record → response mappers. Ids are described in
// src/integrations/geo/ids.ts (stable across restarts and data upgrades).
import type { CityRecord, CountryRecord, StateRecord } from '../../integrations/geo/index.js';
import { Id, NameEnum, Nullable, PageParams, PagingInt, type Static, Type } from '../../platform/schemas.js';

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const POSTAL_CODE_SUPPORT = ['Full', 'Partial', 'Format', 'None'] as const;
export const PostalCodeSupport = NameEnum(POSTAL_CODE_SUPPORT, {
  description:
    "What the service knows of the country's postal codes. Full: every code, each with its city (US ZIP codes). " +
    'Partial: the first characters of every code, with their cities (Canadian forward sortation areas, "K1A"). ' +
    'Format: the format only. None: the country has no postal codes, or no format is known.',
});

export const CountryDto = Type.Object(
  {
    id: Id,
    name: Type.String(),
    isoCode: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    iso3: Nullable(Type.String({ description: 'ISO 3166-1 alpha-3.' })),
    numericCode: Nullable(Type.String({ description: 'ISO 3166-1 numeric, as written by ISO (3 digits, may start with 0).' })),
    phoneCode: Nullable(Type.String({ description: 'International calling code as the data writes it: "1", "44", "+1-876" (country code and area code).' })),
    currency: Nullable(Type.String({ description: 'ISO 4217 code of the main currency.' })),
    flag: Nullable(Type.String({ description: 'The flag emoji.' })),
    latitude: Nullable(Latitude),
    longitude: Nullable(Longitude),
    hasStates: Type.Boolean({ description: 'false: GET /Countries/{id}/States answers an empty list.' }),
    postalCodeSupport: PostalCodeSupport,
  },
  { $id: 'CountryDto', description: 'A country. id is the ISO 3166-1 numeric code (840 United States).' },
);
export type CountryDtoT = Static<typeof CountryDto>;

export const State = Type.Object(
  {
    id: Id,
    name: Type.String(),
    isoCode: Type.String({ description: 'Subdivision code within the country (ISO 3166-2 without the country prefix where one exists: NY, ON).' }),
    countryId: Id,
    countryCode: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    latitude: Nullable(Latitude),
    longitude: Nullable(Longitude),
  },
  { $id: 'State', description: 'A state, province or other first-level subdivision.' },
);
export type StateT = Static<typeof State>;

export const City = Type.Object(
  {
    id: Id,
    name: Type.String(),
    stateId: Id,
    stateCode: Type.String(),
    stateName: Type.String(),
    countryId: Id,
    countryCode: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    latitude: Latitude,
    longitude: Longitude,
  },
  { $id: 'City' },
);
export type CityT = Static<typeof City>;

export const CityPostalCodesDto = Type.Object(
  {
    cityId: Id,
    cityName: Type.String(),
    stateId: Id,
    countryId: Id,
    countryCode: Type.String(),
    postalCodeSupport: PostalCodeSupport,
    postalCodes: Type.Array(Type.String(), {
      description: 'Sorted. US: 5-digit ZIP codes. Canada: forward sortation areas (the first 3 characters). Empty where the country has no postal data.',
    }),
  },
  { $id: 'CityPostalCodesDto' },
);
export type CityPostalCodesDtoT = Static<typeof CityPostalCodesDto>;

export const VALIDATION_RESULTS = ['InCity', 'NearCity', 'InCountry', 'OtherPlace', 'UnknownCode', 'InvalidFormat', 'ValidFormat', 'NotUsed'] as const;
export type ValidationResult = (typeof VALIDATION_RESULTS)[number];
export const CHECKED_AGAINST = ['City', 'Country', 'Format', 'None'] as const;

export const PostalCodeValidationDto = Type.Object(
  {
    isValid: Type.Boolean(),
    result: NameEnum(VALIDATION_RESULTS, {
      description:
        "Valid: InCity (in the city's codes), NearCity (a code of the city's state within 30 km of it: postal areas cross city limits), " +
        "InCountry (a known code; no city was given), ValidFormat (the country's format; no list of codes), NotUsed (the country has no postal codes or no known format). " +
        'Not valid: OtherPlace (a known code of somewhere else: see suggestedCityId), UnknownCode (well formed, but not a code of the country), InvalidFormat.',
    }),
    checkedAgainst: NameEnum(CHECKED_AGAINST, {
      description: "The data the answer rests on: the city's codes, the country's codes, the country's format, or nothing.",
    }),
    postalCode: Type.String({ description: 'The code as the country writes it (US 12345 or 12345-6789, Canada A1A 1A1) when well formed, else as sent.' }),
    countryId: Id,
    countryCode: Type.String(),
    cityId: Nullable(Id),
    message: Type.String({ description: 'The answer in a sentence.' }),
    suggestedCityId: Nullable(Id),
    suggestedCityName: Nullable(Type.String({ description: 'Where the code belongs, when it is a known code of another city.' })),
  },
  { $id: 'PostalCodeValidationDto' },
);
export type PostalCodeValidationDtoT = Static<typeof PostalCodeValidationDto>;

export const CountryIdParams = Type.Object({ countryId: Id });
export const StateIdParams = Type.Object({ stateId: Id });
export const CityIdParams = Type.Object({ cityId: Id });

export const CITIES_DEFAULT_PAGE = 100;
export const CITIES_MAX_PAGE = 1000;

export const CitiesQuery = Type.Object({
  countryId: Type.Optional(Id),
  stateId: Type.Optional(Id),
  SearchTerm: Type.Optional(
    Type.String({ maxLength: 200, description: 'Start of the name; case, accents and punctuation are ignored ("sao p" finds São Paulo).' }),
  ),
  Page: PageParams.Page,
  ItemsPerPage: PagingInt(`Cities per page (an int32), default ${CITIES_DEFAULT_PAGE}; larger values are reduced to ${CITIES_MAX_PAGE}.`),
});
export type CitiesQueryT = Static<typeof CitiesQuery>;

export const ValidateQuery = Type.Object({
  cityId: Type.Optional(Id),
  countryId: Type.Optional(Id),
  postalCode: Type.String({ minLength: 1, maxLength: 32 }),
});
export type ValidateQueryT = Static<typeof ValidateQuery>;

export function toCountryDto(c: CountryRecord): CountryDtoT {
  return {
    id: c.id,
    name: c.name,
    isoCode: c.isoCode,
    iso3: c.iso3,
    numericCode: c.numericCode,
    phoneCode: c.phoneCode,
    currency: c.currency,
    flag: c.flag,
    latitude: c.latitude,
    longitude: c.longitude,
    hasStates: c.states[1] > c.states[0],
    postalCodeSupport: c.postalCodeSupport,
  };
}

export function toState(s: StateRecord): StateT {
  return {
    id: s.id,
    name: s.name,
    isoCode: s.isoCode,
    countryId: s.country.id,
    countryCode: s.country.isoCode,
    latitude: s.latitude,
    longitude: s.longitude,
  };
}

export function toCity(c: CityRecord): CityT {
  return {
    id: c.id,
    name: c.name,
    stateId: c.state.id,
    stateCode: c.state.isoCode,
    stateName: c.state.name,
    countryId: c.country.id,
    countryCode: c.country.isoCode,
    latitude: c.latitude,
    longitude: c.longitude,
  };
}
