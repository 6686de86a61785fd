// Generated documents (part 2, "Generated documents"): the papers of an order (bill of lading,
// labels, order sheet, quote) and of an invoice, as PDF or HTML and by mail. The area owns no
// table: it reads orders, invoices, customers and the company's settings through their index.ts,
// and its mails go to the outbox with the PDFs kept as stored files.
import { type Area, perApp } from '../../platform/area.js';
import { customerServices } from '../customers/index.js';
import { orderServices } from '../orders/index.js';
import { GeneratedDocumentsErrors } from './generated-documents.errors.js';
import { generatedDocumentsRoutes } from './generated-documents.routes.js';
import { generatedDocumentsService } from './generated-documents.service.js';

const services = perApp((deps) =>
  generatedDocumentsService({ customers: customerServices(deps).customers, details: orderServices(deps).details, files: deps.files }),
);

export const generatedDocumentsArea: Area = {
  name: 'Generated documents',
  errors: GeneratedDocumentsErrors,
  routes: (deps) => generatedDocumentsRoutes(services(deps)),
};
