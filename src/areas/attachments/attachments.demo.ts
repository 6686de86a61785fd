// Demo attachments (`fds demo`): the papers and pictures a driver brings back from a delivery, on
// the demo's closed orders — a signed proof of delivery (a two-page PDF: the receipt with the
// consignee's signature, then the bill of lading copy; its preview is the first page) on the order,
// and a photo of the delivered pallets (1600 × 1200, previewed at 800 × 600) on its delivery stop.
// Made through the service, checked as uploads are. Runs after the orders demo.
import { Transformer } from '@napi-rs/image';
import PDFDocument from 'pdfkit';
import type { Tenant } from '../../db/tenant.js';
import type { DemoSeeder } from '../../platform/demo-seeder.js';
import type { StoredFiles } from '../../platform/stored-files.js';
import { attachmentsService } from './attachments.service.js';

/** This many closed orders get their papers. */
const ORDERS = 6;

interface Delivered {
  id: number;
  number: string;
  stopId: number | null;
  consignee: string;
}

/** A proof of delivery as a consignee signs it: the receipt, then the bill of lading copy. */
async function signedPod(order: Delivered): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: `Proof of delivery ${order.number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  doc.fontSize(22).text('PROOF OF DELIVERY').moveDown(0.5);
  doc.fontSize(12).text(`Order ${order.number}`).text(`Consignee: ${order.consignee}`).moveDown();
  doc.text('Received in good order and condition, except as noted. Pieces counted at the dock.').moveDown(2);
  doc.text('Consignee signature:');
  // The signature, as a pen would draw it, on the line under the label.
  const y = doc.y + 45;
  doc
    .moveTo(90, y)
    .bezierCurveTo(130, y - 50, 160, y + 40, 200, y - 10)
    .bezierCurveTo(230, y - 45, 260, y + 20, 300, y - 20)
    .lineWidth(2)
    .strokeColor('#1a3a8a')
    .stroke();
  doc
    .strokeColor('#000')
    .lineWidth(1)
    .moveTo(72, y + 15)
    .lineTo(320, y + 15)
    .stroke();
  doc
    .fillColor('#000')
    .fontSize(10)
    .text('Date and time of delivery: as scanned by the driver', 72, y + 25);
  doc.addPage().fontSize(18).text('BILL OF LADING (consignee copy)').moveDown();
  doc.fontSize(11).text(`Order ${order.number} — see the order for the stops, pieces and weights.`);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A photo of pallets on a dock: shapes, drawn as an SVG and encoded as a camera would (JPEG). */
function deliveryPhoto(seed: number): Promise<Buffer> {
  const boxes = Array.from({ length: 6 }, (_, k) => {
    const x = 260 + (k % 3) * 360;
    const y = 560 - Math.floor(k / 3) * 260;
    const shade = 150 + ((seed * 37 + k * 23) % 60);
    return `<rect x="${x}" y="${y}" width="330" height="240" rx="6" fill="rgb(${shade},${shade - 40},${shade - 90})" stroke="#5a4020" stroke-width="4"/>`;
  }).join('');
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">' +
    '<rect width="1600" height="1200" fill="#8fa3b8"/><rect y="820" width="1600" height="380" fill="#6b6b6b"/>' +
    `<rect x="240" y="800" width="1120" height="40" fill="#a07a45"/>${boxes}</svg>`;
  return Transformer.fromSvg(svg).jpeg(85);
}

export const attachmentsDemo = (files: StoredFiles): DemoSeeder => ({
  area: 'attachments',
  async seed(ctx) {
    const attachments = attachmentsService(files, '');
    const orders = await ctx.inCompany(async (t: Tenant): Promise<Delivered[]> => {
      const rows = await t
        .select('orders as o')
        .innerJoin('customers as c', (j) => j.onRef('c.company_id', '=', 'o.company_id').onRef('c.id', '=', 'o.customer_id'))
        .select(['o.id', 'o.order_number', 'c.name'])
        .where('o.status', '=', 'Closed')
        .orderBy('o.id')
        .limit(ORDERS)
        .execute();
      const out: Delivered[] = [];
      for (const row of rows) {
        const stop = await t
          .select('order_stops')
          .select('id')
          .where('order_id', '=', row.id)
          .where('type', '=', 'Delivery')
          .orderBy('sequence', 'desc')
          .executeTakeFirst();
        out.push({ id: row.id, number: String(row.order_number), stopId: stop?.id ?? null, consignee: row.name });
      }
      return out;
    });
    for (const [k, order] of orders.entries()) {
      const pod = await signedPod(order);
      const photo = await deliveryPhoto(k);
      await ctx.inCompany(async (t) => {
        await attachments.attachBytes(t, 'Order', order.id, `POD ${order.number}.pdf`, pod, {
          pageType: 'SignaturePage',
          pageNumber: '1',
          pageLabel: 'Signed POD',
        });
        if (order.stopId !== null)
          await attachments.attachBytes(t, 'OrderStop', order.stopId, `delivery-${order.number}.jpg`, photo, {
            pageType: 'Other',
            pageLabel: 'Delivery photo',
          });
      });
    }
  },
});
