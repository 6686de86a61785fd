// Documents as one standalone HTML page (mode 1): the same model as the PDF, styled for the screen
// and for printing (each document starts a printed page; labels print 4 × 6 in). Every text comes
// from users or the company, so every one goes through escapeHtml; nothing is inserted unescaped.
// Barcodes are inline SVG drawn from the same bars as the PDF's.
import escapeHtml from 'escape-html';
import { code128, QUIET_ZONE } from './barcode.js';
import type { Block, Document, Label, LabelDocument, Letterhead, PageDocument } from './model.js';

const esc = (text: string) => escapeHtml(text);
/** Text whose line breaks are kept. */
const lines = (text: string) => esc(text).replace(/\r?\n/g, '<br>');

const STYLE = `
  * { box-sizing: border-box; }
  body { font-family: Helvetica, Arial, sans-serif; color: #111; margin: 0; background: #f3f3f3; }
  .doc { background: #fff; max-width: 8.5in; margin: 16px auto; padding: 0.5in 0.55in; }
  .labels .label { background: #fff; width: 4in; height: 6in; margin: 16px auto; padding: 0.2in; display: flex; flex-direction: column; overflow: hidden; }
  header.letterhead { display: flex; justify-content: space-between; gap: 24px; border-bottom: 2px solid #111; padding-bottom: 10px; margin-bottom: 16px; }
  .company { font-size: 20px; font-weight: bold; }
  .muted { color: #5a5a5a; }
  .small { font-size: 12px; }
  h1 { font-size: 24px; margin: 0 0 6px; text-align: right; }
  table.ref { margin-left: auto; font-size: 12px; border-collapse: collapse; }
  table.ref th { font-weight: normal; color: #5a5a5a; text-align: right; padding: 1px 8px 1px 0; }
  table.ref td { font-weight: bold; text-align: right; }
  section { margin: 0 0 14px; }
  .parties { display: flex; gap: 12px; }
  .party { flex: 1; border: 1px solid #b4b4b4; }
  .party h3 { margin: 0; padding: 3px 6px; background: #ececec; font-size: 10px; color: #5a5a5a; text-transform: uppercase; }
  .party div { padding: 6px; font-size: 13px; }
  .party div span:first-child { font-weight: bold; }
  .fields { display: grid; gap: 6px 12px; font-size: 13px; }
  .fields dt { font-size: 10px; color: #5a5a5a; }
  .fields dd { margin: 0; font-weight: bold; }
  h2 { font-size: 15px; border-bottom: 1px solid #b4b4b4; padding-bottom: 3px; margin: 0 0 6px; }
  table.grid { width: 100%; border-collapse: collapse; font-size: 12px; }
  table.grid th { background: #ececec; text-align: left; padding: 4px; }
  table.grid td { padding: 4px; border-bottom: 1px solid #d0d0d0; vertical-align: top; }
  table.grid tr.highlight td { background: #fff1a8; font-weight: bold; }
  .right { text-align: right !important; } .center { text-align: center !important; }
  table.totals { margin-left: auto; min-width: 45%; font-size: 13px; border-collapse: collapse; }
  table.totals td { padding: 2px 0 2px 12px; } table.totals td:last-child { text-align: right; font-weight: bold; }
  table.totals tr.strong td { border-top: 1px solid #111; font-size: 15px; font-weight: bold; padding-top: 5px; }
  .text { font-size: 12px; white-space: normal; }
  .signatures { display: flex; gap: 12px; padding-top: 36px; }
  .signatures div { flex: 1; border-top: 1px solid #111; font-size: 11px; color: #5a5a5a; padding-top: 3px; }
  footer { border-top: 1px solid #b4b4b4; margin-top: 18px; padding-top: 4px; font-size: 10px; color: #5a5a5a; }
  .label .co { font-weight: bold; font-size: 14px; } .label .tiny { font-size: 9px; color: #5a5a5a; }
  .label .cap { font-size: 9px; font-weight: bold; color: #5a5a5a; margin-top: 4px; }
  .label .to { font-size: 17px; font-weight: bold; }
  .label hr { border: 0; border-top: 1.5px solid #111; margin: 5px 0; width: 100%; }
  .label .order { display: flex; justify-content: space-between; font-weight: bold; font-size: 16px; }
  .label .code { margin-top: auto; text-align: center; font-weight: bold; }
  .label svg { width: 100%; height: 1in; display: block; }
  @media print {
    body { background: #fff; }
    .doc { margin: 0; padding: 0; max-width: none; break-after: page; }
    .labels .label { margin: 0; break-after: page; }
    @page { margin: 0.5in; }
  }`;

/** The documents as one HTML page. */
export function renderHtml(documents: readonly Document[], title: string): string {
  const body = documents.map((doc) => (doc.kind === 'pages' ? pageDocument(doc) : labelDocument(doc))).join('\n');
  const labelsOnly = documents.every((d) => d.kind === 'labels');
  // Labels print on 4 × 6 in stock without margins; page documents on the printer's paper.
  const page = labelsOnly ? '@media print { @page { size: 4in 6in; margin: 0; } }' : '';
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<style>${STYLE}${page}</style>
</head>
<body>
${body}
</body>
</html>
`;
}

function letterhead(l: Letterhead, title: string, reference: Array<[string, string]>): string {
  const address = [...l.addressLines, ...l.contactLines].map((line) => `<div class="small muted">${esc(line)}</div>`).join('');
  const refs = reference.map(([label, value]) => `<tr><th>${esc(label)}</th><td>${esc(value)}</td></tr>`).join('');
  return `<header class="letterhead"><div><div class="company">${esc(l.companyName)}</div>${address}</div><div><h1>${esc(title)}</h1><table class="ref">${refs}</table></div></header>`;
}

function pageDocument(doc: PageDocument): string {
  const company = [doc.letterhead.companyName, ...doc.letterhead.addressLines].join(' · ');
  return `<article class="doc">
${letterhead(doc.letterhead, doc.title, doc.reference)}
${doc.blocks.map(block).join('\n')}
<footer>${esc(company)}</footer>
</article>`;
}

const alignClass = (align: 'left' | 'right' | 'center' | undefined) => (align && align !== 'left' ? ` class="${align}"` : '');

function block(b: Block): string {
  switch (b.kind) {
    case 'parties':
      return `<section class="parties">${b.parties
        .map((p) => {
          const body = p.lines.length > 0 ? p.lines.map((line) => `<span>${esc(line)}</span>`).join('<br>') : '—';
          return `<div class="party"><h3>${esc(p.title)}</h3><div>${body}</div></div>`;
        })
        .join('')}</section>`;
    case 'fields':
      return `<section><dl class="fields" style="grid-template-columns: repeat(${b.columns ?? 4}, 1fr)">${b.fields
        .map(([label, value]) => `<div><dt>${esc(label)}</dt><dd>${esc(value || '—')}</dd></div>`)
        .join('')}</dl></section>`;
    case 'heading':
      return `<h2>${esc(b.text)}</h2>`;
    case 'table': {
      const head = b.columns.map((c) => `<th${alignClass(c.align)}>${esc(c.title)}</th>`).join('');
      const rows =
        b.rows.length > 0
          ? b.rows
              .map(
                (r) =>
                  `<tr${r.highlight ? ' class="highlight"' : ''}>${r.cells.map((cell, i) => `<td${alignClass(b.columns[i]?.align)}>${lines(cell)}</td>`).join('')}</tr>`,
              )
              .join('')
          : `<tr><td colspan="${b.columns.length}" class="muted">${esc(b.empty ?? 'None.')}</td></tr>`;
      return `<section><table class="grid"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table></section>`;
    }
    case 'totals':
      return `<section><table class="totals">${b.lines
        .map((l) => `<tr${l.strong ? ' class="strong"' : ''}><td>${esc(l.label)}</td><td>${esc(l.value)}</td></tr>`)
        .join('')}</table></section>`;
    case 'text':
      return `<section>${b.title ? `<h2>${esc(b.title)}</h2>` : ''}<div class="text">${lines(b.text.trim() || '—')}</div></section>`;
    case 'signatures':
      return `<section class="signatures">${b.boxes.map((box) => `<div>${esc(box)}</div>`).join('')}</section>`;
  }
}

function labelDocument(doc: LabelDocument): string {
  return `<div class="labels">${doc.labels.map((l) => label(doc.letterhead, l)).join('\n')}</div>`;
}

function label(l: Letterhead, item: Label): string {
  const address = [...l.addressLines, ...l.contactLines].join(', ');
  const terms = l.terms ? `<div class="tiny">Carried subject to ${esc(l.companyName)}'s ${esc(l.terms.title)}.</div>` : '';
  const to = item.to.length > 0 ? item.to.map(esc).join('<br>') : '—';
  const from = item.from.length > 0 ? item.from.map(esc).join('<br>') : '—';
  return `<div class="label">
<div class="co">${esc(l.companyName)}</div><div class="tiny">${esc(address)}</div>${terms}
<hr><div class="cap">FROM</div><div class="small">${from}</div>
<hr><div class="cap">SHIP TO</div><div class="to">${to}</div>
<hr><div class="order"><span>Order ${esc(item.orderNumber)}</span><span>${esc(item.sequence)}</span></div>
${item.reference ? `<div class="small">Reference ${esc(item.reference)}</div>` : ''}
<div class="small"><b>${esc(item.description)}</b></div><div class="small muted">${esc(item.details.join('   '))}</div>
<div class="code">${svg(item.barcode)}<div>${esc(item.barcode)}</div></div>
</div>`;
}

/** The code's bars as an SVG, quiet zones included; a note instead when it cannot be encoded. */
function svg(text: string): string {
  const symbol = code128(text);
  if (!symbol) return '<div class="tiny">(this code cannot be printed as Code 128)</div>';
  const width = symbol.modules + 2 * QUIET_ZONE;
  const bars = symbol.bars.map((b) => `M${b.x + QUIET_ZONE} 0h${b.width}v60h-${b.width}z`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} 60" preserveAspectRatio="none" shape-rendering="crispEdges" role="img" aria-label="${esc(text)}"><path d="${bars}" fill="#000"/></svg>`;
}
