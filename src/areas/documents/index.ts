// The documents library (part 2, "Documents library"): the company's documents — uploaded, or
// written in the editor — with their text (read by the extraction job, extraction.ts), versions,
// labels and links to orders and customers. main.ts starts the extraction job.
import { type Area, perApp } from '../../platform/area.js';
import { DocumentsErrors } from './documents.errors.js';
import { documentRecords } from './documents.repository.js';
import { documentsRoutes } from './documents.routes.js';
import {
  AuditEvent,
  BulkRequest,
  BulkResult,
  CompanyDocument,
  CreateDocument,
  DocumentFilters,
  DocumentLink,
  DocumentMarkdown,
  DocumentStats,
  EditableDocument,
  EmailDocument,
  EmailResult,
  RenameDocument,
  Reprocess,
  RetentionPreview,
  SetCategories,
  SetTags,
  UpdateContent,
  UpdateMarkdown,
} from './documents.schemas.js';
import { documentsService } from './documents.service.js';
import { editorService } from './editor.js';
import { libraryService } from './library.service.js';

const services = perApp((deps) => {
  const documents = documentsService(deps.files);
  return { documents, library: libraryService(deps.files, documents), editor: editorService(deps.files, documents) };
});
export type LibraryServices = ReturnType<typeof services>;

export const documentsArea: Area = {
  name: 'Documents library',
  errors: DocumentsErrors,
  resources: [documentRecords],
  schemas: [
    CompanyDocument,
    RenameDocument,
    SetCategories,
    SetTags,
    CreateDocument,
    UpdateContent,
    EditableDocument,
    DocumentMarkdown,
    UpdateMarkdown,
    Reprocess,
    EmailDocument,
    EmailResult,
    DocumentLink,
    AuditEvent,
    BulkRequest,
    BulkResult,
    DocumentFilters,
    DocumentStats,
    RetentionPreview,
  ],
  routes: (deps) => documentsRoutes(services(deps), deps.config.uploadMaxBytes),
};

export { documentDeleted } from './documents.events.js';
export { documentRecords } from './documents.repository.js';
export { EXTRACTION_USER, type ExtractionWorker, startExtractionWorker } from './extraction.js';
