// Demo library (`fds demo`): the papers a Texas carrier keeps beside its orders — the rate
// confirmation it sent the carrier it handed an overflow load to (linked to the order), that
// carrier's W-9 (no link: the library links orders and customers only) and a driver's photo of a
// fuel receipt — labelled as a dispatcher would file them. Each goes in through the upload's own
// path (documentsService.upload: sniffed, inspected, kept, audited), so it is stored exactly as an
// upload is; its text is left to the extraction job like an upload's (Pending: the server's job
// reads it within a second of starting). Runs after the orders, carriers and fleet demos.
import { Readable } from 'node:stream';
import type { Tenant } from '../../db/tenant.js';
import type { DemoContext, DemoSeeder } from '../../platform/demo-seeder.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { type Carrier, type Load, rateConfirmation, type Sender, type Stop, w9 } from './demo-papers.js';
import { fuelReceiptPhoto } from './demo-receipt.js';
import { documentRecords } from './documents.repository.js';
import { type DocumentsService, documentsService, type InCompany } from './documents.service.js';

const DAY = 86_400_000;
/** The demo company's terminals are in Texas: appointments read in its time. */
const TIME_ZONE = 'America/Chicago';

interface Paper {
  fileName: string;
  contentType: string;
  bytes: Buffer;
  fields: Record<string, string>;
  categories: string[];
  tags: string[];
}

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const clock = (at: Date) => new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);

/** The company as a letterhead: its name and first active terminal. */
async function senderOf(t: Tenant): Promise<Sender> {
  const company = await t.db.selectFrom('companies').select('name').where('id', '=', t.companyId).executeTakeFirstOrThrow();
  const site = await t
    .select('warehouses as w')
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 'w.company_id').onRef('a.id', '=', 'w.address_id'))
    .select(['a.street', 'a.city', 'a.state', 'a.postal_code', 'a.contact_phone', 'w.email'])
    .where('w.is_active', '=', true)
    .orderBy('w.id')
    .executeTakeFirst();
  return {
    name: company.name,
    street: site?.street ?? '',
    city: site?.city ?? '',
    state: site?.state ?? '',
    postalCode: site?.postal_code ?? '',
    phone: site?.contact_phone ?? null,
    email: site?.email ?? null,
  };
}

/** The first carrier with a tax id on file (its W-9 is on file for the 1099), with its dispatcher and first equipment. */
async function carrierOf(t: Tenant): Promise<Carrier & { ratePerMile: number | null }> {
  const row = await t
    .select('outsource_companies as c')
    .innerJoin('outsource_company_finances as f', (j) => j.onRef('f.company_id', '=', 'c.company_id').onRef('f.outsource_company_id', '=', 'c.id'))
    .select(['c.id', 'c.name', 'c.legal_name', 'c.mc_number', 'c.dot_number', 'c.phone', 'c.email', 'c.street', 'c.city', 'c.state', 'c.postal_code'])
    .select(['f.tax_id', 'f.payment_terms_days', 'f.quick_pay_fee_percent'])
    .where('f.tax_id', 'is not', null)
    .where('c.deleted_at', 'is', null)
    .orderBy('c.id')
    .executeTakeFirst();
  if (!row) throw new Error('the documents demo needs a carrier with a tax id: run the carriers demo first');
  const dispatcher = await t
    .select('outsource_company_contacts')
    .select('name')
    .where('outsource_company_id', '=', row.id)
    .orderBy('is_primary', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  const lane = await t
    .select('outsource_company_type_of_trucks as l')
    .innerJoin('type_of_trucks as k', (j) => j.onRef('k.company_id', '=', 'l.company_id').onRef('k.id', '=', 'l.type_of_truck_id'))
    .select(['k.name', 'l.rate_per_distance', 'l.distance_unit'])
    .where('l.outsource_company_id', '=', row.id)
    .orderBy('l.id')
    .executeTakeFirst();
  return {
    name: row.name,
    legalName: row.legal_name ?? row.name,
    mcNumber: row.mc_number,
    dotNumber: row.dot_number,
    phone: row.phone,
    email: row.email,
    dispatcher: dispatcher?.name ?? null,
    street: row.street ?? '',
    city: row.city ?? '',
    state: row.state ?? '',
    postalCode: row.postal_code ?? '',
    taxId: row.tax_id!,
    paymentTermsDays: row.payment_terms_days,
    quickPayPercent: row.quick_pay_fee_percent === null ? null : Number(row.quick_pay_fee_percent),
    equipment: lane?.name ?? 'Dry van 53 ft',
    // Its rate for that equipment, when per mile (the demo's orders count miles).
    ratePerMile: lane && lane.rate_per_distance !== null && lane.distance_unit === 'mi' ? Number(lane.rate_per_distance) : null,
  };
}

/** The latest approved order no route carries (the overflow handed to a carrier), from one city to another. */
async function overflowLoad(t: Tenant, ratePerMile: number | null): Promise<Load & { orderId: number }> {
  const orders = await t
    .select('orders')
    .select(['id', 'order_number', 'reference_number', 'total_price', 'buying_price', 'distance', 'distance_unit', 'weight_unit'])
    .where('status', '=', 'Order')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const ids = orders.map((o) => o.id);
  if (ids.length === 0) throw new Error('the documents demo needs approved orders: run the orders demo first');
  const stops = await t
    .select('order_stops as s')
    .innerJoin('addresses as a', (j) => j.onRef('a.company_id', '=', 's.company_id').onRef('a.id', '=', 's.address_id'))
    .leftJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'a.company_id').onRef('c.id', '=', 'a.customer_id'))
    .select([
      's.order_id',
      's.type',
      's.date',
      's.time_window_start',
      's.time_window_end',
      's.route_id',
      'a.name',
      'a.street',
      'a.city',
      'a.state',
      'a.postal_code',
    ])
    .select('c.name as customer')
    .where('s.order_id', 'in', ids)
    .orderBy('s.order_id')
    .orderBy('s.sequence')
    .execute();
  for (const order of orders) {
    // A full truckload's usual shape: one pickup, one delivery in another city.
    const own = stops.filter((s) => s.order_id === order.id);
    const [first, last] = own;
    if (own.length !== 2 || !first || !last || own.some((s) => s.route_id !== null) || first.type !== 'Pickup' || first.city === last.city) continue;
    const items = await t.select('order_items').select(['description', 'quantity', 'weight', 'pallets']).where('order_id', '=', order.id).execute();
    const miles = order.distance !== null && order.distance_unit === 'mi' ? Math.round(Number(order.distance)) : null;
    // The carrier's own rate for the lane when its rate and the miles are known; else what the
    // order buys in, or a usual broker's margin off the customer's price.
    const pay = ratePerMile !== null && miles !== null ? ratePerMile * miles : (order.buying_price ?? Number(order.total_price) * 0.85);
    return {
      orderId: order.id,
      number: order.order_number,
      reference: order.reference_number,
      stops: own.map(
        (s): Stop => ({
          type: s.type,
          name: s.customer ?? s.name ?? s.city,
          street: s.street,
          city: s.city,
          state: s.state ?? '',
          postalCode: s.postal_code ?? '',
          date: s.date,
          window: s.time_window_start && s.time_window_end ? `${clock(s.time_window_start)}-${clock(s.time_window_end)} CT` : null,
        }),
      ),
      commodity: [...new Set(items.map((i) => i.description))].join(', ') || 'General freight',
      pieces: items.reduce((n, i) => n + Number(i.quantity), 0),
      pallets: items.reduce((n, i) => n + Number(i.pallets ?? 0), 0),
      weight: `${items.reduce((n, i) => n + Number(i.weight ?? 0), 0).toLocaleString('en-US')} ${order.weight_unit}`,
      miles,
      pay: Math.max(250, Math.round(Number(pay) / 5) * 5),
    };
  }
  throw new Error('the documents demo needs an approved order off the routes between two cities');
}

/** The papers, from the demo company's records. */
async function papers(t: Tenant): Promise<Paper[]> {
  const sender = await senderOf(t);
  const { ratePerMile, ...carrier } = await carrierOf(t);
  const load = await overflowLoad(t, ratePerMile);
  const truck = await t.select('trucks').select('name').where('status', '=', 'Active').where('deleted_at', 'is', null).orderBy('id').executeTakeFirst();
  const today = dayOf(new Date());
  const yesterday = dayOf(new Date(Date.now() - DAY));
  const station: Sender = {
    name: 'Longhorn Travel Center #412',
    street: '1601 N Interstate 35',
    city: 'Round Rock',
    state: 'TX',
    postalCode: '78664',
    phone: '(512) 555-0199',
    email: null,
  };
  const receipt = await fuelReceiptPhoto({
    station,
    date: yesterday,
    unit: truck?.name ?? null,
    gallons: 118.342,
    pricePerGallon: 3579,
    defGallons: 2.5,
    defPrice: 3990,
    card: '************4417',
  });
  return [
    {
      // Named as a dispatcher saves it; the load number is in its text only (found once read).
      fileName: `Rate confirmation - ${carrier.name}.pdf`,
      contentType: 'application/pdf',
      bytes: await rateConfirmation(sender, carrier, load, today),
      fields: { orderId: String(load.orderId) },
      categories: ['Rate confirmations'],
      tags: [carrier.name, carrier.equipment],
    },
    {
      fileName: `W-9 ${carrier.legalName}.pdf`,
      contentType: 'application/pdf',
      bytes: await w9(carrier, sender, yesterday),
      fields: { source: 'Email' },
      categories: ['Carrier packets', 'Tax forms'],
      tags: [carrier.name, yesterday.slice(0, 4)],
    },
    {
      fileName: `fuel-receipt-${yesterday}.jpg`,
      contentType: 'image/jpeg',
      bytes: receipt,
      fields: { source: 'Scan' },
      categories: ['Fuel receipts'],
      tags: ['IFTA', ...(truck ? [truck.name] : [])],
    },
  ];
}

/** Uploads one paper as POST /CompanyDocuments/upload does, then files it under its labels. */
async function upload(ctx: DemoContext, files: StoredFiles, documents: DocumentsService, paper: Paper): Promise<void> {
  const staged = await files.store.stage(Readable.from([paper.bytes]), { maxBytes: paper.bytes.length });
  try {
    const inCompany: InCompany = (_mode, work) => ctx.inCompany(work);
    const upload = { fieldName: 'files', fileName: paper.fileName, contentType: paper.contentType, staged };
    const [doc] = await documents.upload(inCompany, { files: [upload], fields: paper.fields });
    await ctx.inCompany(async (t) => {
      // The document's row, as a request's id gate would hand it over.
      await documents.setCategories(t, await documentRecords.reread(t, doc!.id), paper.categories);
      await documents.setTags(t, await documentRecords.reread(t, doc!.id), paper.tags);
    });
  } finally {
    // As the platform does after a request: whatever was not kept goes.
    await staged.discard();
  }
}

export const documentsDemo = (files: StoredFiles): DemoSeeder => ({
  area: 'documents',
  async seed(ctx) {
    const documents = documentsService(files);
    const made = await ctx.inCompany(papers);
    for (const paper of made) await upload(ctx, files, documents, paper);
  },
});
