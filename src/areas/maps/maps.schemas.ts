// Models of the maps area: ExpandUrlRequestDto, ExpandUrlResponseDto, and the Address a point is
// reverse-geocoded to (the contract's Address fields, plus where it came from).
import { Id, Nullable, type Static, Type } from '../../platform/schemas.js';

const Latitude = Type.Number({ minimum: -90, maximum: 90 });
const Longitude = Type.Number({ minimum: -180, maximum: 180 });

export const ExpandUrlRequestDto = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 2048, description: 'A map link, usually shortened (https://maps.app.goo.gl/..., https://goo.gl/maps/...).' }),
  },
  { $id: 'ExpandUrlRequestDto' },
);
export type ExpandUrlRequestDtoT = Static<typeof ExpandUrlRequestDto>;

export const ExpandUrlResponseDto = Type.Object(
  {
    originalUrl: Type.String({ description: 'The link as sent.' }),
    expandedUrl: Type.String({ description: "Where its redirects end (through Google's consent page to the map it guards)." }),
    latitude: Nullable(Latitude),
    longitude: Nullable(Longitude),
    redirects: Type.Integer({ minimum: 0, maximum: 5, description: 'Redirects followed.' }),
    provider: Nullable(Type.String({ description: 'Google, Apple, OpenStreetMap, Bing or Waze, by the final host; null for another host.' })),
  },
  { $id: 'ExpandUrlResponseDto', description: 'latitude and longitude are null when the final link holds no coordinates in a known form (a place name only).' },
);
export type ExpandUrlResponseDtoT = Static<typeof ExpandUrlResponseDto>;

export const ReverseGeocodeQuery = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90, description: 'Latitude, decimal degrees.' }),
  lng: Type.Number({ minimum: -180, maximum: 180, description: 'Longitude, decimal degrees.' }),
});
export type ReverseGeocodeQueryT = Static<typeof ReverseGeocodeQuery>;

export const ReverseGeocodeAddress = Type.Object(
  {
    id: Nullable(Id),
    name: Nullable(Type.String()),
    street: Nullable(Type.String({ description: 'Not known offline: null.' })),
    street2: Nullable(Type.String()),
    city: Type.String({ description: 'The nearest known city (great-circle distance).' }),
    state: Nullable(Type.String({ description: "The city's state, by name." })),
    stateCode: Nullable(Type.String({ description: "The state's subdivision code (NY, ON)." })),
    postalCode: Nullable(
      Type.String({ description: "The nearest postal code of the city's state (US ZIP code; Canada: the first 3 characters), within 100 km; null elsewhere." }),
    ),
    postalCodeIsPartial: Type.Boolean({ description: 'true when postalCode is only the first part of a code (Canada).' }),
    country: Type.String({ description: 'ISO 3166-1 alpha-2.' }),
    countryName: Type.String(),
    latitude: Latitude,
    longitude: Longitude,
    isMain: Type.Boolean(),
    customerId: Nullable(Id),
    fullAddress: Type.String({ description: 'The address on one line.' }),
    cityId: Id,
    stateId: Id,
    countryId: Id,
    distanceKm: Type.Number({ description: "From the point to the city's centre, km (one decimal)." }),
  },
  {
    $id: 'ReverseGeocodeAddress',
    description:
      'An Address for a point, found offline: the nearest known city with its state, country and postal code. ' +
      'latitude/longitude are the point asked about. Fields of a stored address that a point does not have (id, name, street, customerId) are null, isMain false.',
  },
);
export type ReverseGeocodeAddressT = Static<typeof ReverseGeocodeAddress>;
