// Attachments and images (part 2): files attached to the company's records — a signed POD on an
// order, a photo of a damaged pallet on a stop, a scanned license on a driver — with their previews,
// and free images for rich text. The files are stored files (platform/stored-files.ts); the records
// are looked up through their areas' index.ts (entity-types.ts).
import { type Area, perApp } from '../../platform/area.js';
import { AttachmentsErrors } from './attachments.errors.js';
import { attachmentRecords } from './attachments.repository.js';
import { attachmentsRoutes } from './attachments.routes.js';
import { Attachment } from './attachments.schemas.js';
import { attachmentsService } from './attachments.service.js';
import { attachmentSubscriptions } from './attachments.subscriptions.js';

const services = perApp((deps) => attachmentsService(deps.files, deps.config.publicUrl));

export const attachmentsArea: Area = {
  name: 'Attachments and images',
  errors: AttachmentsErrors,
  resources: [attachmentRecords],
  schemas: [Attachment],
  routes: (deps) => attachmentsRoutes(services(deps), deps),
  subscriptions: attachmentSubscriptions,
};

export { attachmentAdded, attachmentDeleted, attachmentRecords } from './attachments.repository.js';
export type { AttachmentT } from './attachments.schemas.js';
