// The documents library's part of the conventions walk (test/helpers/walk.ts says what each holds):
// documents uploaded through the API, the multipart routes' files, editor documents for the routes
// that take only those, and a recipient for the mail.
import { call } from '../app.js';
import { uploadOne } from '../library-files.js';
import type { AreaWalk, Factory, RouteCase } from '../walk.js';

const note = (text: string) => ({ field: 'files', name: 'walk-note.txt', type: 'text/plain', content: Buffer.from(text) });

const document: Factory = async (t, s) =>
  (await uploadOne(t, s.token, { name: 'walk-note.txt', content: Buffer.from('A note of the walk.\n'), type: 'text/plain' })).id;

/** An editor document of the admin's company. */
const editorDocument: RouteCase = async ({ t, admin }) => {
  const res = await call(t, 'POST', '/api/v1/CompanyDocuments/create', { token: admin.token, body: { title: 'Walk memo', content: '<p>Walk memo</p>' } });
  return { params: { id: res.body.data.id } };
};

export const documentsWalk: AreaWalk = {
  factories: { document },
  cases: {
    'POST /CompanyDocuments/upload': async () => ({ multipart: { files: [note('Uploaded by the walk.\n')], fields: { source: 'Upload' } } }),
    'POST /CompanyDocuments/:id/version': async () => ({ multipart: { files: [{ ...note('Version two.\n'), field: 'file' }] } }),
    'POST /CompanyDocuments/create': async () => ({ body: { title: 'Walk memo', content: '<p>Written in the <b>editor</b>.</p>' } }),
    'GET /CompanyDocuments/:id/editable': editorDocument,
    'PUT /CompanyDocuments/:id/content': async (ctx) => ({ ...(await editorDocument(ctx)), body: { content: '<p>Edited.</p>' } }),
    'POST /CompanyDocuments/:id/email': async ({ make }) => ({ params: { id: await make('document') }, body: { to: ['walk@documents.example'] } }),
    'POST /CompanyDocuments/bulk': async ({ make }) => ({ body: { action: 'archive', documentIds: [await make('document')] } }),
  },
};
