// What the documents library announces (platform/events.ts): each is appended to the company event
// log in the transaction of the change (docs/architecture.md, "Company events").
import { companyEvent } from '../../platform/events.js';

export interface DocumentChange {
  documentId: number;
  name: string;
  /** What changed, in a word: uploaded, renamed, tags, version... */
  change: string;
}

const documentEvent = (name: string, description: string) =>
  companyEvent<DocumentChange>(name, {
    entity: 'document',
    description,
    entry: (p) => ({ id: p.documentId, payload: { name: p.name, change: p.change } }),
  });

export const documentCreated = documentEvent('document.created', 'A document was added to the library: uploaded, or written in the editor.');
export const documentUpdated = documentEvent(
  'document.updated',
  "A document's name, categories, tags, links, text or content changed, or a new version of its file was added.",
);
export const documentArchived = documentEvent('document.archived', 'A document was archived, or taken out of the archive.');
export const documentExtracted = documentEvent('document.extracted', "A document's text extraction ended: text found, none in the file, or failed.");
export const documentDeleted = documentEvent('document.deleted', 'A document was deleted permanently, with its versions.');
