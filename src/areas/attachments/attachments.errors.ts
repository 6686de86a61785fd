// The error codes of this area (docs/error-codes.md is generated from the lists), with the HTTP
// status each answers with. AppError takes only listed codes.
import { errorCodes } from '../../platform/errors.js';

export const AttachmentsErrors = errorCodes({
  unsupportedEntityType: [
    400,
    'attachments.entity_type_unsupported',
    'The entity type names records the service does not keep yet (docs/attachments.md lists them): nothing to attach to.',
  ],
  refused: [400, 'attachments.file_refused', 'The file is a program, empty, corrupt or a decompression bomb; the message says which. Nothing was stored.'],
  notAnImage: [400, 'attachments.not_an_image', 'POST /Images/upload takes pictures only (JPEG, PNG, GIF, WebP...), by their content.'],
  noPreview: [400, 'attachments.no_preview', 'The attachment is neither an image nor a PDF: it has no preview (download it with GET /Attachments/{id}).'],
  tooMany: [400, 'attachments.too_many', 'The record has the most attachments one record may have; delete one first.'],
});
