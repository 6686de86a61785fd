// The one model every generated document is made of (bill of lading, labels, dispatch sheet, quote,
// invoice): a letterhead and a list of blocks. pdf.ts and html.ts render the same model, so the PDF
// and the HTML of a document can never say different things; builders (the generated-documents
// area) only decide what goes in, never how it is drawn.

/** The company as it signs every document: its name, its address lines and its terms. */
export interface Letterhead {
  companyName: string;
  /** Street, city line, country; empty when the company has no active site yet. */
  addressLines: string[];
  /** Phone and email of the site, when known. */
  contactLines: string[];
  /** The company's default terms and conditions, printed at the end of a page document. */
  terms: { title: string; content: string } | null;
}

export interface Column {
  title: string;
  /** Share of the table's width (the shares of a table need not add up to 1). */
  width: number;
  align?: 'left' | 'right' | 'center';
}

export interface Row {
  cells: string[];
  /** Drawn emphasized (highlightItems on a bill of lading). */
  highlight?: boolean;
}

/** A block of a page document, drawn in order, top to bottom, flowing onto new pages. */
export type Block =
  /** Side-by-side boxes (shipper and consignee, bill to and ship to), each a title over lines. */
  | { kind: 'parties'; parties: Array<{ title: string; lines: string[] }> }
  /** Labelled values in a grid (reference numbers, dates, units). */
  | { kind: 'fields'; fields: Array<[label: string, value: string]>; columns?: number }
  /** A section's heading. */
  | { kind: 'heading'; text: string }
  | { kind: 'table'; columns: Column[]; rows: Row[]; empty?: string }
  /** Right-aligned amounts under a table (subtotal, tax, total); `strong` rows stand out. */
  | { kind: 'totals'; lines: Array<{ label: string; value: string; strong?: boolean }> }
  /** Free text (notes, instructions), kept as the user wrote its lines. */
  | { kind: 'text'; title?: string; text: string }
  /** Lines to sign on (shipper, carrier, consignee). */
  | { kind: 'signatures'; boxes: string[] };

/** A label: one item's code, where it goes and what it is. */
export interface Label {
  /** The Code 128 barcode's text. */
  barcode: string;
  orderNumber: string;
  /** "1 of 4": the item's place among the order's labels. */
  sequence: string;
  from: string[];
  to: string[];
  description: string;
  /** Quantity, weight, pallets, as printed. */
  details: string[];
  reference: string | null;
}

/** A document of pages (letter size) or of labels (4 × 6 in, one a page). */
export type Document = PageDocument | LabelDocument;

export interface PageDocument {
  kind: 'pages';
  /** "Bill of lading", "Invoice". */
  title: string;
  letterhead: Letterhead;
  /** Top right, under the title: the document's number and dates. */
  reference: Array<[label: string, value: string]>;
  blocks: Block[];
}

export interface LabelDocument {
  kind: 'labels';
  title: string;
  letterhead: Letterhead;
  labels: Label[];
}
