// HTML to markdown with turndown (its Node build parses with domino, no jsdom) and the GFM plugin
// for tables. What the markdown keeps is text: scripts, styles and embedded objects go, images
// leave their alt text, and a link keeps its target only when it is http(s) or mailto, so the
// markdown is safe to render later. Runs in the parse worker: turndown is synchronous and takes
// about a second per megabyte of HTML.
import { gfm } from '@joplin/turndown-plugin-gfm';
import TurndownService from 'turndown';

const SAFE_LINK = /^(https?:|mailto:)/i;

/** The part of domino's elements used here (fds compiles without the DOM's types). */
interface Element {
  nodeName: string;
  getAttribute(name: string): string | null;
}
const attr = (node: unknown, name: string): string => ((node as Element).getAttribute(name) ?? '').trim();

function converter(): TurndownService {
  const td = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  td.use(gfm);
  td.remove(['script', 'style', 'noscript', 'template', 'title', 'iframe', 'object', 'embed', 'svg', 'canvas', 'select', 'button']);
  td.addRule('imageAsAlt', {
    filter: 'img',
    replacement: (_content, node) => attr(node, 'alt'),
  });
  td.addRule('safeLinks', {
    filter: (node) => (node as unknown as Element).nodeName === 'A',
    replacement: (content, node) => {
      const href = attr(node, 'href');
      if (!SAFE_LINK.test(href) || content.trim() === '') return content;
      return `[${content}](${href.replace(/[()\s]/g, encodeURIComponent)})`;
    },
  });
  return td;
}

let shared: TurndownService | null = null;

export function htmlToMarkdown(html: string): string {
  shared ??= converter();
  return shared
    .turndown(html)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
