// Documents as PDF (pdfkit). Page documents are US Letter: the letterhead and the title on the
// first page, a running header on the next ones, "Page n of m" and the company in every footer;
// tables repeat their header on each page they reach. Labels are 4 × 6 in, one a page, the size
// thermal label printers take. Several documents (bulk downloads) are one file, each starting on
// a page of its own with its own page numbers. Only the built-in fonts are used (text.ts says why).
import PDFDocument from 'pdfkit';
import { code128, QUIET_ZONE } from './barcode.js';
import type { Block, Column, Document, LabelDocument, Letterhead, PageDocument, Row } from './model.js';
import { winAnsi } from './text.js';

type Pdf = PDFKit.PDFDocument;

const PAGE = { width: 612, height: 792 };
const SIDE = 40;
/** The content's top on pages after the first (the running header sits above it). */
const TOP = 66;
/** The footer's band. */
const BOTTOM = 52;
const WIDTH = PAGE.width - 2 * SIDE;
const GAP = 12;

const INK = '#111111';
const MUTED = '#5a5a5a';
const RULE = '#b4b4b4';
const SHADE = '#ececec';
const HIGHLIGHT = '#fff1a8';

const REGULAR = 'Helvetica';
const BOLD = 'Helvetica-Bold';
const ITALIC = 'Helvetica-Oblique';

const LABEL_SIZE: [number, number] = [288, 432];
const LABEL_MARGIN = 14;

/** The documents as one PDF. */
export function renderPdf(documents: readonly Document[], title: string): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: TOP, bottom: BOTTOM, left: SIDE, right: SIDE },
    autoFirstPage: false,
    bufferPages: true,
    info: { Title: winAnsi(title), Creator: 'fds', Producer: 'fds' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  let running: (() => void) | null = null;
  // Pages pdfkit adds itself (long text flowing on) get the running header too.
  pdf.on('pageAdded', () => running?.());
  for (const doc of documents) {
    const first = pdf.bufferedPageRange().count;
    if (doc.kind === 'pages') {
      running = null;
      pdf.addPage();
      running = () => runningHeader(pdf, doc);
      new PageWriter(pdf, doc).write();
      running = null;
      footers(pdf, doc.letterhead, first);
    } else {
      running = null;
      labels(pdf, doc);
    }
  }
  pdf.end();
  return done;
}

/**
 * Draws text at (x, y) in `width`, leaving pdf.y under it. Most texts of a document (cells, labels,
 * values) fit on one line: those are placed directly, without pdfkit's line wrapper — the most
 * costly part of laying out a page — and only longer ones are wrapped.
 */
function put(pdf: Pdf, text: string, x: number, y: number, options: PDFKit.Mixins.TextOptions & { font?: string; size?: number; color?: string }) {
  const { font = REGULAR, size = 9, color = INK, ...rest } = options;
  const printable = winAnsi(text);
  pdf.font(font).fontSize(size).fillColor(color);
  const { width, align } = rest;
  if (width !== undefined && !printable.includes('\n')) {
    const used = pdf.widthOfString(printable);
    if (used <= width) {
      const dx = align === 'right' ? width - used : align === 'center' ? (width - used) / 2 : 0;
      pdf.text(printable, x + dx, y, { lineBreak: false });
      pdf.x = x;
      pdf.y = y + pdf.currentLineHeight(true);
      return;
    }
  }
  pdf.text(printable, x, y, { lineBreak: width !== undefined, ...rest });
}

function heightOf(pdf: Pdf, text: string, width: number, font = REGULAR, size = 9): number {
  const printable = winAnsi(text);
  pdf.font(font).fontSize(size);
  if (!printable.includes('\n') && pdf.widthOfString(printable) <= width) return pdf.currentLineHeight(true);
  return pdf.heightOfString(printable, { width });
}

function rule(pdf: Pdf, y: number, color = RULE, width = 0.6) {
  pdf
    .moveTo(SIDE, y)
    .lineTo(SIDE + WIDTH, y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke();
}

/** The title and number of a document, as the running header and footers name it. */
const shortTitle = (doc: PageDocument) => [doc.title, doc.reference[0]?.[1]].filter(Boolean).join(' ');

/** pdfkit's current font, which text flowing on to the new page goes on with. */
interface FontState {
  _font: unknown;
  _fontSize: number;
  _fillColor: unknown;
}

function runningHeader(pdf: Pdf, doc: PageDocument) {
  const { x, y } = pdf;
  const state = pdf as unknown as FontState;
  const { _font, _fontSize, _fillColor } = state;
  const bottom = pdf.page.margins.bottom;
  pdf.page.margins.bottom = 0;
  put(pdf, doc.letterhead.companyName, SIDE, 30, { font: BOLD, size: 10, width: WIDTH / 2, height: 14, ellipsis: true });
  put(pdf, shortTitle(doc), SIDE + WIDTH / 2, 30, { font: BOLD, size: 10, width: WIDTH / 2, align: 'right', height: 14, ellipsis: true });
  rule(pdf, 48);
  pdf.page.margins.bottom = bottom;
  Object.assign(state, { _font, _fontSize, _fillColor });
  pdf.x = x;
  pdf.y = y;
}

/** "Page n of m" and the company on each page of the document that began at page `first`. */
function footers(pdf: Pdf, letterhead: Letterhead, first: number) {
  const { count } = pdf.bufferedPageRange();
  const pages = count - first;
  const company = [letterhead.companyName, ...letterhead.addressLines].join(' · ');
  for (let i = 0; i < pages; i++) {
    pdf.switchToPage(first + i);
    pdf.page.margins.bottom = 0;
    const y = PAGE.height - 34;
    rule(pdf, y - 6);
    put(pdf, company, SIDE, y, { size: 7.5, color: MUTED, width: WIDTH - 90, height: 10, ellipsis: true });
    put(pdf, `Page ${i + 1} of ${pages}`, SIDE + WIDTH - 90, y, { size: 7.5, color: MUTED, width: 90, align: 'right' });
    pdf.page.margins.bottom = BOTTOM;
  }
}

class PageWriter {
  constructor(
    private readonly pdf: Pdf,
    private readonly doc: PageDocument,
  ) {}

  write() {
    this.letterhead();
    for (const block of this.doc.blocks) {
      this.block(block);
      this.pdf.y += 10;
    }
  }

  private get y() {
    return this.pdf.y;
  }

  /** Starts a page unless `height` fits on this one. */
  private room(height: number): boolean {
    if (this.pdf.y + height <= this.pdf.page.maxY()) return false;
    this.pdf.addPage();
    return true;
  }

  private letterhead() {
    const { pdf, doc } = this;
    const top = 34;
    const leftWidth = WIDTH * 0.55;
    put(pdf, doc.letterhead.companyName, SIDE, top, { font: BOLD, size: 16, width: leftWidth });
    let left = pdf.y + 2;
    for (const line of [...doc.letterhead.addressLines, ...doc.letterhead.contactLines]) {
      put(pdf, line, SIDE, left, { size: 9, color: MUTED, width: leftWidth });
      left = pdf.y;
    }
    const rightX = SIDE + leftWidth + GAP;
    const rightWidth = WIDTH - leftWidth - GAP;
    put(pdf, doc.title, rightX, top, { font: BOLD, size: 18, width: rightWidth, align: 'right' });
    let right = pdf.y + 4;
    const labelWidth = rightWidth * 0.45;
    for (const [label, value] of doc.reference) {
      put(pdf, label, rightX, right + 1, { size: 8, color: MUTED, width: labelWidth - 6, align: 'right' });
      put(pdf, value, rightX + labelWidth, right, { font: BOLD, size: 9, width: rightWidth - labelWidth, align: 'right' });
      right = Math.max(pdf.y, right + 12) + 1;
    }
    const bottom = Math.max(left, right) + 8;
    rule(pdf, bottom, INK, 1);
    pdf.x = SIDE;
    pdf.y = bottom + 12;
  }

  private block(block: Block) {
    switch (block.kind) {
      case 'parties':
        return this.parties(block.parties);
      case 'fields':
        return this.fields(block.fields, block.columns ?? 4);
      case 'heading':
        return this.heading(block.text);
      case 'table':
        return this.table(block.columns, block.rows, block.empty ?? 'None.');
      case 'totals':
        return this.totals(block.lines);
      case 'text':
        return this.text(block.title, block.text);
      case 'signatures':
        return this.signatures(block.boxes);
    }
  }

  private parties(parties: Array<{ title: string; lines: string[] }>) {
    const { pdf } = this;
    const width = (WIDTH - GAP * (parties.length - 1)) / parties.length;
    const inner = width - 12;
    const heights = parties.map((p) => p.lines.reduce((h, line, i) => h + heightOf(pdf, line, inner, i === 0 ? BOLD : REGULAR, 9.5), 0));
    const height = 16 + Math.max(12, ...heights) + 10;
    this.room(height);
    const top = this.y;
    parties.forEach((party, i) => {
      const x = SIDE + i * (width + GAP);
      pdf.rect(x, top, width, 16).fillColor(SHADE).fill();
      pdf.rect(x, top, width, height).lineWidth(0.6).strokeColor(RULE).stroke();
      put(pdf, party.title.toUpperCase(), x + 6, top + 5, { font: BOLD, size: 7.5, color: MUTED, width: inner, height: 10, ellipsis: true });
      let y = top + 22;
      if (party.lines.length === 0) put(pdf, '—', x + 6, y, { size: 9.5, color: MUTED, width: inner });
      party.lines.forEach((line, n) => {
        put(pdf, line, x + 6, y, { font: n === 0 ? BOLD : REGULAR, size: 9.5, width: inner });
        y = pdf.y;
      });
    });
    pdf.x = SIDE;
    pdf.y = top + height;
  }

  private fields(fields: Array<[string, string]>, columns: number) {
    const { pdf } = this;
    const width = WIDTH / columns;
    for (let start = 0; start < fields.length; start += columns) {
      const row = fields.slice(start, start + columns);
      const height = 12 + Math.max(...row.map(([, value]) => heightOf(pdf, value || '—', width - 8, BOLD, 9.5))) + 6;
      this.room(height);
      const top = this.y;
      row.forEach(([label, value], i) => {
        const x = SIDE + i * width;
        put(pdf, label, x, top, { size: 7.5, color: MUTED, width: width - 8, height: 10, ellipsis: true });
        put(pdf, value || '—', x, top + 11, { font: BOLD, size: 9.5, width: width - 8 });
      });
      pdf.x = SIDE;
      pdf.y = top + height;
    }
  }

  private heading(text: string) {
    // Kept with what follows: a heading alone at the foot of a page moves to the next.
    this.room(60);
    const top = this.y;
    put(this.pdf, text, SIDE, top, { font: BOLD, size: 11, width: WIDTH });
    rule(this.pdf, top + 16);
    this.pdf.x = SIDE;
    this.pdf.y = top + 22;
  }

  private table(columns: Column[], rows: Row[], empty: string) {
    const { pdf } = this;
    const share = columns.reduce((s, c) => s + c.width, 0);
    const widths = columns.map((c) => (c.width / share) * WIDTH);
    const xs = widths.map((_, i) => SIDE + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const header = () => {
      const height = 6 + Math.max(...columns.map((c, i) => heightOf(pdf, c.title, widths[i]! - 8, BOLD, 8))) + 4;
      const top = this.y;
      pdf.rect(SIDE, top, WIDTH, height).fillColor(SHADE).fill();
      columns.forEach((c, i) => {
        put(pdf, c.title, xs[i]! + 4, top + 4, { font: BOLD, size: 8, width: widths[i]! - 8, align: c.align ?? 'left' });
      });
      pdf.x = SIDE;
      pdf.y = top + height;
    };
    this.room(40);
    header();
    if (rows.length === 0) {
      put(pdf, empty, SIDE + 4, this.y + 4, { font: ITALIC, size: 9, color: MUTED, width: WIDTH - 8 });
      pdf.x = SIDE;
      pdf.y += 4;
      rule(pdf, pdf.y);
      return;
    }
    for (const row of rows) {
      const font = row.highlight ? BOLD : REGULAR;
      const height = 8 + Math.max(...row.cells.map((cell, i) => heightOf(pdf, cell, widths[i]! - 8, font, 9)));
      if (this.room(height)) header();
      const top = this.y;
      if (row.highlight) pdf.rect(SIDE, top, WIDTH, height).fillColor(HIGHLIGHT).fill();
      row.cells.forEach((cell, i) => {
        put(pdf, cell, xs[i]! + 4, top + 4, { font, size: 9, width: widths[i]! - 8, align: columns[i]?.align ?? 'left' });
      });
      rule(pdf, top + height, RULE, 0.4);
      pdf.x = SIDE;
      pdf.y = top + height;
    }
  }

  private totals(lines: Array<{ label: string; value: string; strong?: boolean }>) {
    const { pdf } = this;
    const width = 250;
    const x = SIDE + WIDTH - width;
    this.room(lines.length * 16 + 4);
    let y = this.y + 2;
    for (const line of lines) {
      const size = line.strong ? 11 : 9.5;
      if (line.strong) {
        pdf
          .moveTo(x, y)
          .lineTo(x + width, y)
          .lineWidth(0.8)
          .strokeColor(INK)
          .stroke();
        y += 4;
      }
      put(pdf, line.label, x, y, { font: line.strong ? BOLD : REGULAR, size, width: width * 0.55, color: line.strong ? INK : MUTED });
      put(pdf, line.value, x + width * 0.55, y, { font: BOLD, size, width: width * 0.45, align: 'right' });
      y += size + 6;
    }
    pdf.x = SIDE;
    pdf.y = y;
  }

  /** Free text flows on to new pages as long as it goes (pdfkit breaks it; the running header follows). */
  private text(title: string | undefined, text: string) {
    const { pdf } = this;
    // The title with a line or two under it, else both on the next page.
    this.room(title ? 32 : 16);
    if (title) {
      put(pdf, title, SIDE, this.y, { font: BOLD, size: 10, width: WIDTH });
      pdf.y += 3;
    }
    pdf
      .font(REGULAR)
      .fontSize(8.5)
      .fillColor(INK)
      .text(winAnsi(text.trim() || '—'), SIDE, this.y, { width: WIDTH, lineGap: 1.5 });
    pdf.x = SIDE;
  }

  private signatures(boxes: string[]) {
    const { pdf } = this;
    const perRow = Math.min(3, boxes.length);
    const width = (WIDTH - GAP * (perRow - 1)) / perRow;
    for (let start = 0; start < boxes.length; start += perRow) {
      this.room(50);
      const top = this.y + 26;
      boxes.slice(start, start + perRow).forEach((box, i) => {
        const x = SIDE + i * (width + GAP);
        pdf
          .moveTo(x, top)
          .lineTo(x + width, top)
          .lineWidth(0.8)
          .strokeColor(INK)
          .stroke();
        put(pdf, box, x, top + 4, { size: 8, color: MUTED, width });
      });
      pdf.x = SIDE;
      pdf.y = top + 16;
    }
  }
}

// ---- Labels

function labels(pdf: Pdf, doc: LabelDocument) {
  const width = LABEL_SIZE[0] - 2 * LABEL_MARGIN;
  const x = LABEL_MARGIN;
  const { letterhead } = doc;
  for (const label of doc.labels) {
    pdf.addPage({ size: LABEL_SIZE, margins: { top: LABEL_MARGIN, bottom: 0, left: LABEL_MARGIN, right: LABEL_MARGIN } });
    let y = LABEL_MARGIN;
    const line = (at: number, weight = 0.8) => {
      pdf
        .moveTo(x, at)
        .lineTo(x + width, at)
        .lineWidth(weight)
        .strokeColor(INK)
        .stroke();
    };
    put(pdf, letterhead.companyName, x, y, { font: BOLD, size: 10, width, height: 13, ellipsis: true });
    y += 13;
    put(pdf, [...letterhead.addressLines, ...letterhead.contactLines].join(', ') || ' ', x, y, { size: 7, color: MUTED, width, height: 17, ellipsis: true });
    y += 17;
    if (letterhead.terms) {
      put(pdf, `Carried subject to ${letterhead.companyName}'s ${letterhead.terms.title}.`, x, y, {
        size: 6.5,
        color: MUTED,
        width,
        height: 9,
        ellipsis: true,
      });
      y += 9;
    }
    y += 2;
    line(y, 1.2);
    y += 5;
    y = party(pdf, 'FROM', label.from, x, y, width, 8, 3);
    line(y);
    y += 5;
    y = party(pdf, 'SHIP TO', label.to, x, y, width, 12, 4, BOLD);
    line(y, 1.2);
    y += 6;
    put(pdf, `Order ${label.orderNumber}`, x, y, { font: BOLD, size: 12, width: width * 0.62, height: 15, ellipsis: true });
    put(pdf, label.sequence, x + width * 0.62, y, { font: BOLD, size: 12, width: width * 0.38, align: 'right', height: 15 });
    y += 16;
    if (label.reference) {
      put(pdf, `Reference ${label.reference}`, x, y, { size: 8.5, width, height: 11, ellipsis: true });
      y += 11;
    }
    put(pdf, label.description, x, y, { font: BOLD, size: 9, width, height: 22, ellipsis: true });
    y += heightOf(pdf, label.description, width, BOLD, 9) > 12 ? 22 : 12;
    put(pdf, label.details.join('   ') || ' ', x, y, { size: 8.5, color: MUTED, width, height: 11, ellipsis: true });
    barcode(pdf, label.barcode, x, LABEL_SIZE[1] - LABEL_MARGIN - 104, width);
  }
}

function party(pdf: Pdf, title: string, lines: string[], x: number, y: number, width: number, size: number, most: number, font = REGULAR): number {
  put(pdf, title, x, y, { font: BOLD, size: 6.5, color: MUTED, width });
  let at = y + 9;
  const shown = lines.length > 0 ? lines.slice(0, most) : ['—'];
  for (const line of shown) {
    put(pdf, line, x, at, { font, size, width, height: size + 2, ellipsis: true });
    at += size + 2;
  }
  return at + 4;
}

/** The code's bars, centred in `width`, 72 pt tall, its text under them. */
function barcode(pdf: Pdf, text: string, x: number, y: number, width: number) {
  const symbol = code128(text);
  if (!symbol) {
    put(pdf, text, x, y + 30, { font: BOLD, size: 11, width, align: 'center', height: 28, ellipsis: true });
    put(pdf, '(this code cannot be printed as Code 128)', x, y + 62, { size: 7.5, color: MUTED, width, align: 'center' });
    return;
  }
  // As wide as the label allows, at most 2 pt a module, with the quiet zones kept white.
  const module = Math.min(2, width / (symbol.modules + 2 * QUIET_ZONE));
  const left = x + (width - symbol.modules * module) / 2;
  pdf.fillColor('#000000');
  for (const bar of symbol.bars) pdf.rect(left + bar.x * module, y, bar.width * module, 72);
  pdf.fill();
  put(pdf, text, x, y + 78, { font: BOLD, size: 11, width, align: 'center', height: 14, ellipsis: true });
}
