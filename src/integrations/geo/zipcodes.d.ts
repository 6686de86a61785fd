// zipcodes ships no types; this is the part of its API the gazetteer reads (lib/index.js).
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number | null;
    longitude: number | null;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: {
    codes: Record<string, ZipCode>;
    lookup(zip: string | number): ZipCode | undefined;
  };
  export default zipcodes;
}
