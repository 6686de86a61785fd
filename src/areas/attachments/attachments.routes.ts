// Attachments and images (part 2, "Attachments and images"). Uploads are streamed into the file
// store and checked before the company's transaction (transaction: false); downloads and previews
// are files. Who may do what depends on the record the file is attached to (attachments.access.ts).
import { signedIn } from '../../platform/access.js';
import type { AreaDeps } from '../../platform/area.js';
import { None } from '../../platform/envelope.js';
import { type AnyRoute, defineRoute, FileResponse } from '../../platform/route.js';
import { Type } from '../../platform/schemas.js';
import { invoiceRecords } from '../accounting/index.js';
import { driverRecords } from '../drivers/index.js';
import { orderRecords } from '../orders/index.js';
import { FAMILIES, requireAccess, VIEW_DRIVERS, VIEW_INVOICES, VIEW_ORDERS } from './attachments.access.js';
import { attachmentRecords } from './attachments.repository.js';
import { Attachment, AttachmentIdParams, DriverParams, InvoiceParams, OrderParams, UploadParams, type UploadParamsT } from './attachments.schemas.js';
import type { AttachmentsService } from './attachments.service.js';
import { MAX_PER_RECORD } from './attachments.service.js';
import { entityRecords, entityTypeName, familyOf, UNSUPPORTED_TYPES } from './entity-types.js';
import { PREVIEW_BOX } from './preview.js';

const BY_FAMILY =
  "Reading needs the read access of the record's kind and changing it the edit access, as docs/attachments.md lists (403 meta.missing_permission naming it).";
const SAFE =
  'Served as a download (Content-Disposition: attachment) with X-Content-Type-Options: nosniff and a sandboxing Content-Security-Policy, whatever its type.';

/** Headers of every file answer: a received HTML or SVG file is never run in the service's origin. */
function asDownload(reply: { header(name: string, value: string): unknown }): void {
  reply.header('x-content-type-options', 'nosniff');
  reply.header('content-security-policy', "default-src 'none'; sandbox");
}

export function attachmentsRoutes(attachments: AttachmentsService, deps: AreaDeps): AnyRoute[] {
  const upload = { maxFiles: 1, maxFileBytes: deps.config.uploadMaxBytes, store: true };
  return [
    defineRoute({
      method: 'GET',
      url: '/Attachments/:id',
      // The record's family asks its own permission (attachments.access.ts): without it, a 403.
      statuses: [403],
      access: signedIn,
      ids: { params: { id: attachmentRecords } },
      summary: 'Download an attachment',
      description: `The file as uploaded, with the content type found in its content. ${SAFE} ${BY_FAMILY}`,
      params: AttachmentIdParams,
      response: FileResponse,
      handler: ({ tenant, principal, found, reply }) => {
        asDownload(reply);
        return attachments.download(tenant, principal, found.one(attachmentRecords));
      },
    }),
    defineRoute({
      method: 'DELETE',
      url: '/Attachments/:id',
      // The record's family asks its own permission (attachments.access.ts): without it, a 403.
      statuses: [403],
      access: signedIn,
      ids: { params: { id: attachmentRecords } },
      summary: 'Delete an attachment',
      description: `Deletes the attachment and its preview; their bytes leave the file store once no other record names the same content. ${BY_FAMILY}`,
      params: AttachmentIdParams,
      response: None,
      handler: ({ tenant, principal, found }) => attachments.remove(tenant, principal, found.one(attachmentRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Attachments/Driver/:driverId',
      access: VIEW_DRIVERS,
      ids: { params: { driverId: driverRecords } },
      summary: "A driver's attachments",
      description: 'The files attached to the driver (entity type 11), in page order (pageNumber, unnumbered last), then as uploaded.',
      params: DriverParams,
      response: Type.Array(Attachment),
      handler: ({ tenant, found }) => attachments.ofDriver(tenant, found.one(driverRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Attachments/Invoice/:invoiceId',
      access: VIEW_INVOICES,
      ids: { params: { invoiceId: invoiceRecords } },
      summary: "An invoice's attachments",
      description: 'The files attached to the invoice (entity type 14), in page order (pageNumber, unnumbered last), then as uploaded.',
      params: InvoiceParams,
      response: Type.Array(Attachment),
      handler: ({ tenant, found }) => attachments.ofInvoice(tenant, found.one(invoiceRecords)),
    }),
    defineRoute({
      method: 'GET',
      url: '/Attachments/Order/:orderId',
      access: VIEW_ORDERS,
      ids: { params: { orderId: orderRecords } },
      summary: "An order's attachments",
      description:
        'The files attached to the order or quote (entity types 2 Order, 8 Quotes, 9 Orders) first, then those of its items (3), stops (4) and transfer stops (7); each part in page order, then as uploaded. orderId tells which is which.',
      params: OrderParams,
      response: Type.Array(Attachment),
      handler: ({ tenant, found }) => attachments.ofOrder(tenant, found.one(orderRecords)),
    }),
    defineRoute({
      method: 'POST',
      url: '/Attachments/upload/:entityType/:entityId',
      // The record's family asks its own permission (attachments.access.ts): without it, a 403.
      statuses: [403],
      access: signedIn,
      transaction: false,
      upload,
      // entityId names a record of the kind entityType says, read before the file is; the walk attaches to orders (entityType 2).
      ids: {
        params: {
          entityType: 'not-an-id',
          // The kind's edit access first (a 403 before an id is looked at), then its records.
          entityId: {
            chosen: ({ params, principal }) => {
              const type = entityTypeName((params as UploadParamsT).entityType);
              requireAccess(principal, familyOf(type).write);
              return entityRecords(type);
            },
            walk: orderRecords,
          },
        },
      },
      summary: 'Attach a file to a record',
      description:
        'Multipart: file (one), pageType (MainPage, BackPage, SignaturePage, Other), pageNumber (1 to 9999) and pageLabel (up to 100 characters), each optional. ' +
        "entityType is the number or the name; the record must be the company's (404 naming the id otherwise). " +
        `Not yet supported (400 attachments.entity_type_unsupported): ${UNSUPPORTED_TYPES.join(', ')}. ` +
        'The type is found in the content; programs, empty, corrupt files and zip bombs are refused (400 attachments.file_refused), a larger file than the upload limit is 413; nothing is stored then. ' +
        `A picture larger than ${PREVIEW_BOX} × ${PREVIEW_BOX} gets a smaller preview, a PDF of several pages its first page (GET /Attachments/View/{id}). ` +
        `A record takes up to ${MAX_PER_RECORD} attachments (attachments.too_many). ${BY_FAMILY}`,
      params: UploadParams,
      response: Attachment,
      handler: ({ principal, inCompany, staged, params }) =>
        attachments.upload({ principal, inCompany, staged }, entityTypeName(params.entityType), params.entityId, staged.fields),
    }),
    defineRoute({
      method: 'GET',
      url: '/Attachments/View/:id',
      // The record's family asks its own permission (attachments.access.ts): without it, a 403.
      statuses: [403],
      access: signedIn,
      ids: { params: { id: attachmentRecords } },
      summary: 'Preview an attachment',
      description:
        `A picture fitted in ${PREVIEW_BOX} × ${PREVIEW_BOX} (upright, JPEG for JPEGs, PNG otherwise), or a PDF's first page as a one-page PDF, made at upload; ` +
        'a smaller picture or a one-page PDF is answered as it is. Other files have no preview: 400 attachments.no_preview. ' +
        `${SAFE} ${BY_FAMILY}`,
      params: AttachmentIdParams,
      response: FileResponse,
      handler: ({ tenant, principal, found, reply }) => {
        asDownload(reply);
        return attachments.view(tenant, principal, found.one(attachmentRecords));
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/Images/upload',
      access: FAMILIES.images.write,
      transaction: false,
      upload,
      summary: 'Upload an image',
      description:
        'Multipart: file (one picture: JPEG, PNG, GIF, WebP, BMP, TIFF or ICO, by its content; anything else is 400 attachments.not_an_image). ' +
        "Answers the URL the image is downloaded at — GET /Attachments/{id}, with the company's token — for rich text and templates. The image belongs " +
        'to no record: any signed-in user of the company may read it; a user whose work writes rich text may upload or delete it (DELETE /Attachments/{id}).',
      response: Type.String({ description: "The image's URL." }),
      handler: ({ principal, inCompany, staged }) => attachments.uploadImage({ principal, inCompany, staged }),
    }),
  ];
}
