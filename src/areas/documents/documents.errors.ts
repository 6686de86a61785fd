// The error codes of the documents library (docs/error-codes.md is generated from the lists), with
// the HTTP status each answers with. Prefixed `library.`: `documents.` is the generated documents'.
import { errorCodes } from '../../platform/errors.js';

export const DocumentsErrors = errorCodes({
  refused: [
    400,
    'library.file_refused',
    'A file was refused: an executable, a corrupt or unreadable file, a zip bomb or an empty file (the message names the file).',
  ],
  notEditable: [400, 'library.not_editable', 'The document was uploaded, not written in the editor: its content cannot be edited as HTML.'],
});
