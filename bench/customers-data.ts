// Customers for the list benchmark: `count` customers of one company, each with a main address,
// made in SQL (a few seconds per 100,000 rather than minutes through the API). Names are built
// from word lists so that search terms of known selectivity exist:
//   name = <place> <trade> <form>, 40 × 50 × 10 = 20,000 distinct names
//   a full name matches ~count/20,000 customers, a trade ~count/50, a form ~count/10,
//   a city ~count/48 (through the address).
import { sql } from 'kysely';
import { searchText } from '../src/areas/customers/customer-upkeep.js';
import type { Db } from '../src/db/database.js';
import { isCitus } from '../src/db/distribute.js';

export const PLACES = [
  'Lone Star',
  'Gulf Coast',
  'Hill Country',
  'Red River',
  'Trinity',
  'Alamo',
  'Brazos',
  'Pecos',
  'Sabine',
  'Panhandle',
  'Prairie',
  'Ozark',
  'Bluebonnet',
  'Pinewood',
  'Cedar Creek',
  'Blackland',
  'Caprock',
  'Llano',
  'Nueces',
  'Guadalupe',
  'Colorado',
  'Frio',
  'Mesquite',
  'Cypress',
  'Magnolia',
  'Pioneer',
  'Frontier',
  'Summit',
  'Harbor',
  'Canyon',
  'Riverbend',
  'Oak Hollow',
  'Eagle Pass',
  'Big Bend',
  'Palo Duro',
  'Davis Mountain',
  'Permian',
  'Coastal Bend',
  'Piney Woods',
  'Rio Grande',
] as const;
export const TRADES = [
  'Pallet',
  'Steel',
  'Produce',
  'Lumber',
  'Paper',
  'Packaging',
  'Furniture',
  'Plastics',
  'Foods',
  'Beverage',
  'Building Materials',
  'Auto Parts',
  'Tire',
  'Electrical',
  'Plumbing',
  'Chemical',
  'Textile',
  'Appliance',
  'Feed & Seed',
  'Hardware',
  'Glass',
  'Concrete',
  'Fertilizer',
  'Irrigation',
  'Medical Supply',
  'Office Supply',
  'Pet Supply',
  'Sporting Goods',
  'Toys',
  'Candy',
  'Coffee',
  'Dairy',
  'Meat',
  'Seafood',
  'Bakery',
  'Brewing',
  'Flooring',
  'Roofing',
  'Solar',
  'Battery',
  'Pump',
  'Valve',
  'Pipe',
  'Wire',
  'Fastener',
  'Bearing',
  'Tool',
  'Machinery',
  'Printing',
  'Signs',
] as const;
export const FORMS = ['Supply', 'Co', 'Inc', 'LLC', 'Distributors', 'Wholesale', 'Logistics', 'Works', 'Group', 'Trading'] as const;
const CITIES = [
  ['Austin', 'TX', '78701'],
  ['Houston', 'TX', '77002'],
  ['Dallas', 'TX', '75201'],
  ['San Antonio', 'TX', '78205'],
  ['Fort Worth', 'TX', '76102'],
  ['El Paso', 'TX', '79901'],
  ['Arlington', 'TX', '76010'],
  ['Corpus Christi', 'TX', '78401'],
  ['Plano', 'TX', '75074'],
  ['Laredo', 'TX', '78040'],
  ['Lubbock', 'TX', '79401'],
  ['Irving', 'TX', '75061'],
  ['Garland', 'TX', '75040'],
  ['Amarillo', 'TX', '79101'],
  ['Waco', 'TX', '76701'],
  ['Abilene', 'TX', '79601'],
  ['Beaumont', 'TX', '77701'],
  ['Odessa', 'TX', '79761'],
  ['Midland', 'TX', '79701'],
  ['Tyler', 'TX', '75701'],
  ['Oklahoma City', 'OK', '73102'],
  ['Tulsa', 'OK', '74103'],
  ['Norman', 'OK', '73069'],
  ['Shreveport', 'LA', '71101'],
  ['Baton Rouge', 'LA', '70801'],
  ['New Orleans', 'LA', '70112'],
  ['Lafayette', 'LA', '70501'],
  ['Little Rock', 'AR', '72201'],
  ['Fort Smith', 'AR', '72901'],
  ['Fayetteville', 'AR', '72701'],
  ['Albuquerque', 'NM', '87102'],
  ['Santa Fe', 'NM', '87501'],
  ['Las Cruces', 'NM', '88001'],
  ['Memphis', 'TN', '38103'],
  ['Nashville', 'TN', '37203'],
  ['Jackson', 'MS', '39201'],
  ['Wichita', 'KS', '67202'],
  ['Kansas City', 'MO', '64105'],
  ['Denver', 'CO', '80202'],
  ['Phoenix', 'AZ', '85004'],
  ['Tucson', 'AZ', '85701'],
  ['Mobile', 'AL', '36602'],
  ['Birmingham', 'AL', '35203'],
  ['Atlanta', 'GA', '30303'],
  ['Jacksonville', 'FL', '32202'],
  ['Tampa', 'FL', '33602'],
  ['Orlando', 'FL', '32801'],
  ['Miami', 'FL', '33130'],
] as const;
const STREETS = ['Main St', 'Industrial Blvd', 'Commerce Dr', 'Warehouse Rd', 'Freight Way', 'Depot St', 'Rail Ave', 'Market St', 'Loop 12', 'Highway 290'];

const textArray = (xs: readonly string[]) => sql`${sql.lit(`{${xs.map((x) => `"${x.replace(/"/g, '\\"')}"`).join(',')}}`)}::text[]`;

/** Adds `count` customers with a main address to the company; deterministic for a seed. */
export async function seedCustomers(db: Db, companyId: number, count: number, seed: number): Promise<void> {
  // On Citus, an INSERT ... SELECT of generated rows is copied into the shards, and COPY is refused
  // where row security applies to the writer: the owner is let past it for the seed only.
  const citus = await isCitus(db);
  const force = async (on: boolean) => {
    for (const table of ['customers', 'addresses'])
      await sql`ALTER TABLE ${sql.id(table)} ${sql.raw(on ? 'FORCE' : 'NO FORCE')} ROW LEVEL SECURITY`.execute(db);
  };
  if (citus) await force(false);
  try {
    await insertCustomers(db, companyId, count, seed);
  } finally {
    if (citus) await force(true);
  }
  await sql`VACUUM ANALYZE customers`.execute(db);
  await sql`VACUUM ANALYZE addresses`.execute(db);
}

async function insertCustomers(db: Db, companyId: number, count: number, seed: number): Promise<void> {
  const hash = (salt: number) => sql`abs(hashint8(g::bigint * 7919 + ${seed * 104729 + salt}))`;
  await db.transaction().execute(async (tx) => {
    await sql`
      INSERT INTO customers (company_id, name, email, phone, pipeline, source, is_entrepreneur, name_key, email_key, phone_key, created_at)
      SELECT ${companyId}, n.name, n.email, n.phone, (${hash(1)} % 3)::smallint, (${hash(2)} % 3)::smallint, ${hash(3)} % 20 = 0,
             lower(n.name), n.email, regexp_replace(n.phone, '[^0-9]', '', 'g'), now() - make_interval(secs => ${hash(4)} % 100000000)
      FROM generate_series(1, ${count}) g
      CROSS JOIN LATERAL (SELECT
        (${textArray(PLACES)})[1 + ${hash(5)} % ${PLACES.length}] || ' ' || (${textArray(TRADES)})[1 + ${hash(6)} % ${TRADES.length}] || ' '
          || (${textArray(FORMS)})[1 + ${hash(7)} % ${FORMS.length}] AS name,
        'orders' || g || '.' || ${companyId} || '@shipper.example' AS email,
        '+1 ' || (200 + ${hash(8)} % 800) || ' 555 ' || lpad((${hash(9)} % 10000)::text, 4, '0') AS phone) n
    `.execute(tx);
    // The statements below read what the ones before wrote: planned from statistics taken before
    // the rows existed, the search-text UPDATE ran for over 9 minutes on a fresh PostgreSQL (88 s
    // with these). ANALYZE in the transaction counts its own rows, on Citus too.
    await sql`ANALYZE customers`.execute(tx);
    // The customers area keeps the search text with its writes; rows made here get it in one
    // pass, with the same expression (customer-upkeep.ts), and the list version moves on.
    await sql`
      INSERT INTO addresses (company_id, customer_id, name, street, city, state, postal_code, country, is_main, normalized_key)
      SELECT c.company_id, c.id, 'Dock', s.street, s.city, s.state, s.zip, 'US', true,
             lower(s.street || '|' || s.city || '|' || s.state || '|' || s.zip || '|us')
      FROM customers c
      CROSS JOIN LATERAL (SELECT
        (100 + abs(hashint4(c.id)) % 9900)::text || ' ' || (${textArray(STREETS)})[1 + abs(hashint4(c.id + 1)) % ${STREETS.length}] AS street,
        (${textArray(CITIES.map((x) => x[0]))})[1 + abs(hashint4(c.id + 2)) % ${CITIES.length}] AS city,
        (${textArray(CITIES.map((x) => x[1]))})[1 + abs(hashint4(c.id + 2)) % ${CITIES.length}] AS state,
        (${textArray(CITIES.map((x) => x[2]))})[1 + abs(hashint4(c.id + 2)) % ${CITIES.length}] AS zip) s
      WHERE c.company_id = ${companyId}
    `.execute(tx);
    await sql`ANALYZE addresses`.execute(tx);
    await sql`UPDATE customers c SET search_text = ${searchText(companyId)} WHERE c.company_id = ${companyId}`.execute(tx);
    await sql`INSERT INTO customer_list_versions (company_id) VALUES (${companyId})
      ON CONFLICT (company_id) DO UPDATE SET version = customer_list_versions.version + 1`.execute(tx);
  });
}
