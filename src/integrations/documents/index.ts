// Generated documents (bill of lading, labels, dispatch sheet, quote, invoice): one model, drawn as
// PDF (pdfkit) or HTML. What goes in a document is the generated-documents area's business.
export { type Code128, code128 } from './barcode.js';
export { renderHtml } from './html.js';
export type { Block, Column, Document, Label, LabelDocument, Letterhead, PageDocument, Row } from './model.js';
export { renderPdf } from './pdf.js';
export { winAnsi } from './text.js';
