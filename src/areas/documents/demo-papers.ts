// The papers of the library's demo (documents.demo.ts), made with pdfkit as their senders would
// make them: the rate confirmation the company sends the carrier it hands a load to (two pages: the
// load and its pay, then the terms and the signatures) and that carrier's W-9 (one page, laid out
// like the IRS form). The facts come from the demo's records, so the papers agree with its orders
// and carriers.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import PDFDocument from 'pdfkit';

export interface Place {
  name: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface Sender extends Place {
  phone: string | null;
  email: string | null;
}

export interface Carrier extends Sender {
  legalName: string;
  /** The authority's digits, as the records keep them (812345). */
  mcNumber: string | null;
  dotNumber: string | null;
  dispatcher: string | null;
  taxId: string;
  paymentTermsDays: number;
  quickPayPercent: number | null;
  equipment: string;
}

export interface Stop extends Place {
  type: string;
  date: string | null;
  window: string | null;
}

export interface Load {
  number: string;
  reference: string | null;
  stops: Stop[];
  commodity: string;
  pieces: number;
  pallets: number;
  weight: string;
  miles: number | null;
  /** The carrier's pay, in whole dollars. */
  pay: number;
}

type Doc = PDFKit.PDFDocument;
type Font = 'Helvetica' | 'Helvetica-Bold' | 'Courier-Bold';

export const cityLine = (p: Place) => `${p.city}, ${p.state} ${p.postalCode}`.trim();
/** A phone as people write it at home ((512) 555-0110); the records keep E.164. */
const phone = (value: string | null) => (value ? (parsePhoneNumberFromString(value)?.formatNational() ?? value) : null);
const NAVY = '#1f3b5c';
/** The blue of a pen filling in a form. */
const PEN = '#0b2a6f';

/** Sets the font, size and colour of the text that follows. */
const ink = (doc: Doc, font: Font, size: number, color = '#000') => doc.font(font).fontSize(size).fillColor(color);

/** A straight line. */
function line(doc: Doc, x1: number, y1: number, x2: number, y2: number, weight = 0.6, color = '#000') {
  doc.moveTo(x1, y1).lineTo(x2, y2).lineWidth(weight).strokeColor(color).stroke();
}

/** A signature as a pen draws it, ending near (x + 140, y). */
function signature(doc: Doc, x: number, y: number) {
  doc.save().moveTo(x + 6, y - 4);
  doc.bezierCurveTo(x + 30, y - 34, x + 48, y + 12, x + 70, y - 14).bezierCurveTo(x + 88, y - 36, x + 104, y + 6, x + 140, y - 12);
  doc.lineWidth(1.6).strokeColor('#1a3a8a').stroke().restore();
}

/** A PDF drawn by `draw`, as bytes. */
async function pdf(title: string, draw: (doc: Doc) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 48, info: { Title: title } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise((resolve) => doc.on('end', resolve));
  draw(doc);
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A titled box of label and value rows at (x, y), `width` wide; answers its bottom. */
function box(doc: Doc, title: string, rows: Array<[string, string]>, x: number, y: number, width: number): number {
  doc.rect(x, y, width, 16).fill(NAVY);
  ink(doc, 'Helvetica-Bold', 9, '#fff').text(title, x + 6, y + 4);
  let at = y + 22;
  for (const [label, value] of rows) {
    ink(doc, 'Helvetica', 8, '#555').text(label, x + 6, at, { width: 78 });
    ink(doc, label === 'TOTAL' ? 'Helvetica-Bold' : 'Helvetica', 9).text(value, x + 86, at, { width: width - 92 });
    at = Math.max(doc.y, at + 11) + 2;
  }
  doc
    .rect(x, y, width, at - y + 2)
    .lineWidth(0.8)
    .strokeColor(NAVY)
    .stroke();
  return at + 2;
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const TERMS = [
  'The carrier moves this load under its own operating authority and insurance, and does not re-broker, co-broker or double-broker it.',
  'The carrier checks in with dispatch at pickup and delivery, and reports any delay, overage, shortage or damage at once.',
  'Seals are broken by the consignee only. Trailers are clean, dry and free of odours; the driver counts the pieces at pickup.',
  'The rate above is the whole agreement for this load. Changes are valid only when confirmed in writing by dispatch.',
  'Cargo claims follow 49 U.S.C. 14706 (Carmack). The carrier keeps the cargo and liability cover shown on its certificate.',
  'Payment needs this confirmation signed, the bill of lading signed by the consignee, and the receipts of reimbursed charges.',
];

/** The rate confirmation of `load`, from `sender` (brokering it) to `carrier`. */
export function rateConfirmation(sender: Sender, carrier: Carrier, load: Load, issued: string): Promise<Buffer> {
  return pdf(`Rate confirmation, load ${load.number}`, (doc) => {
    const left = 48;
    const width = 516;
    const right = { width: 264, align: 'right' } as const;
    ink(doc, 'Helvetica-Bold', 18, NAVY).text(sender.name, left, 48);
    ink(doc, 'Helvetica', 9)
      .text(sender.street)
      .text(cityLine(sender))
      .text([phone(sender.phone), sender.email].filter(Boolean).join('  |  '));
    ink(doc, 'Helvetica-Bold', 15, NAVY).text('CARRIER RATE CONFIRMATION', 300, 48, right);
    ink(doc, 'Helvetica-Bold', 11).text(`Load # ${load.number}`, 300, 70, right);
    ink(doc, 'Helvetica', 9).text(`Issued ${issued}`, right);
    if (load.reference) doc.text(`Shipper ref. ${load.reference}`, right);
    line(doc, left, 112, left + width, 112, 1.5, NAVY);

    const carrierRows: Array<[string, string]> = [
      ['Carrier', carrier.legalName],
      ['MC / DOT', [carrier.mcNumber && `MC-${carrier.mcNumber}`, carrier.dotNumber && `USDOT ${carrier.dotNumber}`].filter(Boolean).join('  /  ') || '-'],
      ['Address', `${carrier.street}, ${cityLine(carrier)}`],
      ['Dispatch', [carrier.dispatcher, phone(carrier.phone), carrier.email].filter(Boolean).join(', ')],
    ];
    const loadRows: Array<[string, string]> = [
      ['Equipment', carrier.equipment],
      ['Commodity', load.commodity],
      ['Pieces', `${load.pieces} (${load.pallets} pallets)`],
      ['Weight', load.weight],
      ['Miles', load.miles === null ? 'See the stops' : `${load.miles.toLocaleString('en-US')} loaded`],
    ];
    let y = Math.max(box(doc, 'CARRIER', carrierRows, left, 124, 252), box(doc, 'LOAD', loadRows, left + 264, 124, 252)) + 12;

    // The stops in their order: where, and the appointment.
    doc.rect(left, y, width, 16).fill(NAVY);
    ink(doc, 'Helvetica-Bold', 9, '#fff')
      .text('STOP', left + 6, y + 4)
      .text('FACILITY', left + 80, y + 4)
      .text('APPOINTMENT', left + 370, y + 4);
    y += 22;
    for (const [k, stop] of load.stops.entries()) {
      ink(doc, 'Helvetica-Bold', 9).text(`${k + 1}. ${stop.type}`, left + 6, y, { width: 70 });
      doc.text(stop.name, left + 80, y, { width: 280 });
      ink(doc, 'Helvetica', 9).text(stop.street, { width: 280 }).text(cityLine(stop), { width: 280 });
      const bottom = doc.y;
      doc.text(stop.date ?? 'To be set', left + 370, y, { width: 140 });
      if (stop.window) doc.text(stop.window, { width: 140 });
      y = Math.max(bottom, doc.y) + 8;
      line(doc, left, y - 4, left + width, y - 4, 0.5, '#999');
    }

    // The carrier's pay: all in, with the usual accessorial rules.
    const pay = dollars(load.pay);
    const rate: Array<[string, string]> = [
      ['Linehaul', `${pay} flat, all in (fuel included)`],
      ['Detention', '$50.00 per hour after 2 free hours at each stop, with in and out times on the BOL'],
      ['Lumper', 'Reimbursed against the receipt'],
      ['TOTAL', `${pay} USD`],
    ];
    y = box(doc, 'RATE', rate, left, y + 10, width);
    const quickPay = carrier.quickPayPercent === null ? '' : ` Quick pay in 2 days for ${carrier.quickPayPercent}% of the total.`;
    const invoiceTo = sender.email ?? sender.name;
    ink(doc, 'Helvetica', 9).text(
      `Payment: ${carrier.paymentTermsDays} days from receipt of this confirmation signed, the signed BOL and the POD.${quickPay} ` +
        `Invoice ${invoiceTo} quoting load # ${load.number}.`,
      left,
      y + 10,
      { width },
    );
    ink(doc, 'Helvetica', 8, '#555').text('Page 1 of 2', left, 730, { width, align: 'right' });

    doc.addPage();
    ink(doc, 'Helvetica-Bold', 13, NAVY).text(`Terms of this confirmation - load # ${load.number}`, left, 48);
    ink(doc, 'Helvetica', 9).moveDown(0.6);
    for (const [k, term] of TERMS.entries()) doc.text(`${k + 1}. ${term}`, left, doc.y, { width }).moveDown(0.4);

    // The signatures: the sender's is on it, the carrier's line is left to sign.
    const top = doc.y + 40;
    ink(doc, 'Helvetica-Bold', 10)
      .text(`For ${sender.name}`, left, top)
      .text(`For ${carrier.legalName}`, left + 280, top);
    signature(doc, left, top + 58);
    for (const x of [left, left + 280]) {
      line(doc, x, top + 62, x + 220, top + 62, 0.8);
      ink(doc, 'Helvetica', 8, '#555').text('Signature', x, top + 66);
      line(doc, x, top + 104, x + 220, top + 104, 0.8);
      doc.text('Printed name and date', x, top + 108);
    }
    ink(doc, 'Helvetica', 9).text(`Dispatch, ${issued}`, left, top + 90);
    doc.text(`Carrier: sign and return this confirmation to ${invoiceTo} before dispatching the truck.`, left, top + 140, { width });
    ink(doc, 'Helvetica', 8, '#555').text('Page 2 of 2', left, 730, { width, align: 'right' });
  });
}

/** A TIN as a copy passed around shows it: its last four digits only (`75-2841193` → `XX-XXX1193`). */
export function maskedTin(tin: string): string {
  let hidden = tin.replace(/\D/g, '').length - 4;
  return tin.replace(/\d/g, (d) => (hidden-- > 0 ? 'X' : d));
}

const CERTIFICATION = [
  'The number shown on this form is my correct taxpayer identification number (or I am waiting for a number to be issued to me); and',
  'I am not subject to backup withholding because (a) I am exempt from backup withholding, or (b) I have not been notified by the Internal Revenue Service ' +
    '(IRS) that I am subject to backup withholding as a result of a failure to report all interest or dividends, or (c) the IRS has notified me that I am no ' +
    'longer subject to backup withholding; and',
  'I am a U.S. citizen or other U.S. person (defined in the instructions); and',
  'The FATCA code(s) entered on this form (if any) indicating that I am exempt from FATCA reporting is correct.',
];

const INSTRUCTIONS =
  'Section references are to the Internal Revenue Code unless otherwise noted. Future developments: for the latest information about developments ' +
  'related to Form W-9 and its instructions, go to www.irs.gov/FormW9.\n\nPurpose of Form. An individual or entity (Form W-9 requester) who is required ' +
  'to file an information return with the IRS is giving you this form because they must obtain your correct taxpayer identification number (TIN), which ' +
  'may be your social security number (SSN), individual taxpayer identification number (ITIN), adoption taxpayer identification number (ATIN), or employer ' +
  'identification number (EIN), to report on an information return the amount paid to you, or other amount reportable on an information return. Examples ' +
  'of information returns include Form 1099-NEC (nonemployee compensation) and Form 1099-MISC (various types of income, prizes, awards, or gross ' +
  'proceeds).\n\nBy signing the filled-out form, you certify that the TIN you are giving is correct (or you are waiting for a number to be issued), ' +
  'certify that you are not subject to backup withholding, and claim exemption from FATCA reporting, if applicable.';

/** The carrier's W-9, laid out like the IRS form, given to `requester`; the TIN shows its last four digits. */
export function w9(carrier: Carrier, requester: Sender, signed: string): Promise<Buffer> {
  return pdf(`Form W-9, ${carrier.legalName}`, (doc) => {
    const left = 40;
    const width = 532;
    // The head: the form's number, its title, and what to do with it.
    ink(doc, 'Helvetica', 8).text('Form', left, 44);
    ink(doc, 'Helvetica-Bold', 22).text('W-9', left + 24, 34);
    ink(doc, 'Helvetica', 7).text('(Rev. March 2024)\nDepartment of the Treasury\nInternal Revenue Service', left, 60);
    ink(doc, 'Helvetica-Bold', 13).text('Request for Taxpayer\nIdentification Number and Certification', left + 130, 38, { width: 272, align: 'center' });
    ink(doc, 'Helvetica', 7).text('Go to www.irs.gov/FormW9 for instructions and the latest information.', left + 130, 74, { width: 272, align: 'center' });
    ink(doc, 'Helvetica-Bold', 8).text('Give form to the requester. Do not send to the IRS.', left + 420, 44, { width: 112 });
    line(doc, left + 122, 32, left + 122, 92);
    line(doc, left + 412, 32, left + 412, 92);
    line(doc, left, 92, left + width, 92, 1.5);

    // Lines 1 to 6: a labelled field each, filled in by hand.
    const field = (y: number, label: string, value: string, x = left, w = width) => {
      ink(doc, 'Helvetica', 7).text(label, x + 4, y + 3, { width: w - 8 });
      ink(doc, 'Courier-Bold', 11, PEN).text(value, x + 8, y + 13, { width: w - 16 });
      doc.rect(x, y, w, 28).lineWidth(0.6).strokeColor('#000').stroke();
    };
    field(98, '1  Name of entity/individual. An entry is required.', carrier.legalName);
    field(126, '2  Business name/disregarded entity name, if different from above.', carrier.name === carrier.legalName ? '' : carrier.name);
    doc.rect(left, 154, width, 58).stroke();
    ink(doc, 'Helvetica', 7).text(
      '3a  Check the appropriate box for federal tax classification of the entity/individual whose name is entered on line 1.',
      left + 4,
      157,
    );
    for (const [k, name] of ['Individual/sole proprietor', 'C corporation', 'S corporation', 'Partnership', 'Trust/estate'].entries()) {
      doc.rect(left + 8 + k * 104, 171, 8, 8).stroke();
      doc.text(name, left + 20 + k * 104, 172);
    }
    doc.rect(left + 8, 191, 8, 8).stroke();
    ink(doc, 'Helvetica', 7).text('LLC. Enter the tax classification (C = C corporation, S = S corporation, P = Partnership):', left + 20, 192);
    ink(doc, 'Courier-Bold', 10, PEN).text('X', left + 9, 191.5);
    ink(doc, 'Courier-Bold', 11, PEN).text('S', left + 340, 189);
    field(212, '5  Address (number, street, and apt. or suite no.)', carrier.street, left, 320);
    field(212, "Requester's name and address (optional)", requester.name, left + 320, 212);
    field(240, '6  City, state, and ZIP code', cityLine(carrier), left, 320);
    field(240, '', `${requester.street}, ${requester.city}`, left + 320, 212);

    const part = (y: number, title: string, heading: string) => {
      doc.rect(left, y, 44, 14).fill('#000');
      ink(doc, 'Helvetica-Bold', 9, '#fff').text(title, left + 4, y + 3);
      ink(doc, 'Helvetica-Bold', 9).text(heading, left + 54, y + 3);
      line(doc, left, y + 14, left + width, y + 14);
    };
    // Part I: the number in its boxes, the employer identification number's filled in.
    part(280, 'Part I', 'Taxpayer Identification Number (TIN)');
    const note =
      'Enter your TIN in the appropriate box. The TIN provided must match the name given on line 1 to avoid backup withholding. For individuals, this is ' +
      'generally your social security number (SSN). For other entities, it is your employer identification number (EIN).';
    ink(doc, 'Helvetica', 7.5).text(note, left, 300, { width: 300 });
    const boxes = (y: number, label: string, groups: number[], value: string) => {
      ink(doc, 'Helvetica-Bold', 8).text(label, left + 330, y);
      const chars = [...value.replace(/-/g, '')];
      let x = left + 330;
      for (const [g, count] of groups.entries()) {
        if (g > 0) line(doc, x + 3, y + 19, x + 9, y + 19, 1.2);
        if (g > 0) x += 12;
        for (let i = 0; i < count; i++, x += 15) {
          doc
            .rect(x, y + 11, 15, 16)
            .lineWidth(0.6)
            .strokeColor('#000')
            .stroke();
          const ch = chars.shift();
          if (ch) ink(doc, 'Courier-Bold', 11, PEN).text(ch, x + 4, y + 14);
        }
      }
    };
    boxes(298, 'Social security number', [3, 2, 4], '');
    boxes(338, 'Employer identification number', [2, 7], maskedTin(carrier.taxId));

    part(380, 'Part II', 'Certification');
    ink(doc, 'Helvetica', 7.5).text('Under penalties of perjury, I certify that:', left, 400);
    for (const [k, text] of CERTIFICATION.entries()) doc.text(`${k + 1}. ${text}`, left + 6, doc.y + 3, { width: width - 6 });

    // Sign here: the carrier's officer signed and dated it.
    const y = doc.y + 24;
    line(doc, left, y - 8, left + width, y - 8, 1.2);
    ink(doc, 'Helvetica-Bold', 10).text('Sign\nHere', left, y);
    ink(doc, 'Helvetica', 7.5).text('Signature of U.S. person', left + 44, y + 20);
    signature(doc, left + 150, y + 24);
    line(doc, left + 140, y + 28, left + 380, y + 28);
    doc.text('Date', left + 392, y + 20);
    ink(doc, 'Courier-Bold', 11, PEN).text(signed, left + 418, y + 17);
    line(doc, left, y + 40, left + width, y + 40, 1.2);
    ink(doc, 'Helvetica', 7).text('Cat. No. 10231X', left, y + 46, { width, align: 'center' });
    doc.text('Form W-9 (Rev. 3-2024)', left, y + 46, { width, align: 'right' });

    // The form's first instructions under it, in two columns, as the printed page has them.
    ink(doc, 'Helvetica-Bold', 10).text('General Instructions', left, y + 66);
    ink(doc, 'Helvetica', 7.5).text(INSTRUCTIONS, left, y + 82, { width, columns: 2, columnGap: 18, height: 92 });
  });
}
