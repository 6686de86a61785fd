// Errors, in one place: AppError for business failures, the closed list of platform codes, and the
// one error handler that turns anything thrown into the spec's answers (part 1, "Errors").
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { failure, type ValidationProblemT } from './envelope.js';

/**
 * An error code of the service: its text (`area.reason`), the HTTP status it answers with and what
 * it means (docs/error-codes.md's table is generated from these). Codes exist only in closed lists
 * made by `errorCodes` — the platform's below, and each area's `<area>.errors.ts`, declared by the
 * area (`Area.errors`) — so AppError cannot carry a code nobody listed.
 */
export class ErrorCode {
  private static readonly made: ErrorCode[] = [];

  private constructor(
    readonly code: string,
    readonly status: number,
    readonly description: string,
  ) {}

  /** A closed list of codes, by name: `errorCodes({ inUse: [400, 'zones.in_use', 'The zone is ...'] })`. */
  static list<const L extends Record<string, readonly [status: number, code: `${string}.${string}`, description: string]>>(
    list: L,
  ): { readonly [K in keyof L]: ErrorCode } {
    const out: Record<string, ErrorCode> = {};
    for (const [name, [status, code, description]] of Object.entries(list)) {
      const made = new ErrorCode(code, status, description);
      ErrorCode.made.push(made);
      out[name] = made;
    }
    return Object.freeze(out) as { readonly [K in keyof L]: ErrorCode };
  }

  /** Every code made so far (a test checks each belongs to a declared list). */
  static all(): readonly ErrorCode[] {
    return ErrorCode.made;
  }
}

export const errorCodes = ErrorCode.list;

/** Codes of the platform, shared by every area. */
export const Codes = errorCodes({
  invalidLogin: [400, 'auth.invalid_login', 'The email or password is incorrect (the same answer for an unknown email).'],
  inactiveCompany: [400, 'auth.invalid_login_because_inactive_company', "The user's company is deactivated."],
  missingPermission: [403, 'meta.missing_permission', 'The signed-in user lacks the permission or role the endpoint needs; the message names it.'],
  idempotencyKeyReused: [
    422,
    'meta.idempotency_key_reused',
    'The Idempotency-Key was sent before with another request (method, path or body): a new request takes a new key.',
  ],
  idempotencyKeyInFlight: [409, 'meta.idempotency_key_in_flight', 'A request with the same Idempotency-Key is still being answered: send it again once it is.'],
  notFound: [404, 'meta.not_found', "The record does not exist, or is another company's (which looks the same); the message names the ids."],
  routeNotFound: [404, 'meta.route_not_found', 'There is no endpoint with this method and path.'],
  badRequest: [400, 'meta.bad_request', 'A malformed request the framework refused (an unreadable multipart body, say).'],
  duplicate: [400, 'meta.duplicate', 'A unique value is already taken (caught by the database).'],
  invalidReference: [400, 'meta.invalid_reference', 'A referenced record does not exist (caught by the database).'],
  invalidValue: [400, 'meta.invalid_value', 'A value is out of range, malformed, or holds a character that cannot be stored.'],
  payloadTooLarge: [413, 'meta.payload_too_large', 'The request body or an uploaded file is larger than allowed.'],
  unsupportedMediaType: [415, 'meta.unsupported_media_type', 'The content type of the request is not supported.'],
  unavailable: [
    503,
    'meta.service_temporarily_unavailable',
    'The service cannot serve right now (the database cannot be reached, migrations are still being applied, or the event loop is overloaded); retry after the Retry-After wait.',
  ],
  errorOccurred: [500, 'services.error_occurred', 'Anything unexpected; the message carries a reference that is the request id in the log.'],
});

/** One problem of a failure: a listed code and a message for people. */
export interface Problem {
  code: ErrorCode;
  message: string;
}

/** A business failure: its code's status with the envelope. Services throw it; routes never catch.
 *  `details` lists further problems of the same request (each row of an import, say). */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Problem[] = [],
  ) {
    super(message);
    this.name = 'AppError';
    this.status = code.status;
  }
}

/** Fails the request with a listed code (its status comes with it). */
export const fail = (code: ErrorCode, message: string, details: Problem[] = []) => new AppError(code, message, details);

/** Fails with every problem found: the first is the error, the rest its details. */
export function failAll(problems: readonly Problem[]): AppError {
  return new AppError(problems[0]!.code, problems[0]!.message, problems.slice(1));
}

/** A record that does not exist — or belongs to another company, which must look the same. */
export const notFound = (what: string, id?: string | number) =>
  new AppError(Codes.notFound, id === undefined ? `${what} was not found.` : `${what} ${id} was not found.`);

/** Records that do not exist, named: "Customer 5 was not found." / "Customers 5, 9 were not found." */
export function notFoundAll(what: string, plural: string, ids: readonly (string | number)[]): AppError {
  return ids.length === 1 ? notFound(what, ids[0]) : new AppError(Codes.notFound, `${plural} ${ids.join(', ')} were not found.`);
}

/** A request that is well-formed JSON but whose fields break a rule checked outside the schema:
 *  answered with the validation problem object, like a schema failure. */
export class ValidationError extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('validation failed');
    this.name = 'ValidationError';
  }
}

export const invalid = (field: string, message: string) => new ValidationError({ [field]: [message] });

/**
 * Work on item `index` of a list sent in one request: a refusal names the item, `[2] Invoice 1004
 * is a Draft…`, or `[2].amount` for a field, so a client of a batch knows which one to fix.
 */
export async function forItem<T>(index: number, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.code, `[${index}] ${err.message}`, err.details);
    if (err instanceof ValidationError)
      throw new ValidationError(Object.fromEntries(Object.entries(err.errors).map(([field, messages]) => [`[${index}].${field}`, messages])));
    throw err;
  }
}

/** 401 with an empty body (bad, expired or revoked token). */
export class Unauthorized extends Error {
  constructor() {
    super('unauthorized');
    this.name = 'Unauthorized';
  }
}

/** 429 with an empty body; `retryAfter` seconds in the Retry-After header when known. */
export class TooManyRequests extends Error {
  constructor(readonly retryAfter: number | null = null) {
    super('too many requests');
    this.name = 'TooManyRequests';
  }
}

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '53200',
]);
const UNAVAILABLE_MESSAGE = /timeout exceeded when trying to connect|Connection terminated|not queryable|Connection ended|connection is closed/i;

/** The database cannot be reached right now (down, restarting, connection killed, pool timeout). */
export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  const message = (err as { message?: unknown }).message;
  return typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message);
}

/**
 * The unique index or constraint `name` refused the statement (23505). PostgreSQL names it in the
 * error's `constraint`; Citus forwards a worker's error with the message only, and names the
 * shard's copy (`routes_driver_day_idx_102008`), so both the field and the message are read and a
 * shard's number suffix is allowed.
 */
export function isUniqueViolationOf(err: unknown, name: string): boolean {
  if (!err || typeof err !== 'object' || (err as { code?: unknown }).code !== '23505') return false;
  const { constraint, message } = err as { constraint?: unknown; message?: unknown };
  const named = typeof constraint === 'string' ? constraint : typeof message === 'string' ? /unique constraint "([^"]+)"/.exec(message)?.[1] : undefined;
  return named === name || (named?.startsWith(`${name}_`) === true && /^\d+$/.test(named.slice(name.length + 1)));
}

/** PostgreSQL constraint failures that a client caused: 400 with a code, never a 500. */
function fromSqlState(err: unknown): AppError | null {
  const code = (err as { code?: unknown }).code;
  if (typeof code !== 'string' || code.length !== 5) return null;
  switch (code) {
    case '23505':
      return fail(Codes.duplicate, 'A record with the same unique value already exists.');
    case '23503':
      return fail(Codes.invalidReference, 'A referenced record does not exist.');
    // A CHECK of the table: the service checks its rules first, naming the field; this is the backstop.
    case '23514':
      return fail(Codes.invalidValue, 'A value breaks a rule of the record.');
    case '22P02':
    case '22003':
    case '22007':
    case '22008':
      return fail(Codes.invalidValue, 'A value is out of range or malformed.');
    // A character the database cannot store (NUL in text or JSON): requests are refused earlier,
    // naming the field (text-guard.ts); this covers what reaches the database another way.
    case '22021':
    case '22P05':
      return fail(Codes.invalidValue, 'A text contains a character that cannot be stored (NUL, \\u0000).');
    default:
      return null;
  }
}

export interface AjvErrorLike {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  data?: unknown;
  /** The schema that failed (Ajv's `verbose`): an enumeration's names are read from it. */
  parentSchema?: Record<string, unknown>;
}

/** `/addresses/0/street` → `addresses[0].street`; empty → `$` for the body, else the part's name. */
function fieldName(e: AjvErrorLike, context: string | undefined): string {
  const segments = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (e.keyword === 'required' && typeof e.params.missingProperty === 'string') segments.push(e.params.missingProperty);
  let out = '';
  for (const s of segments) out += /^\d+$/.test(s) ? `[${s}]` : out ? `.${s}` : s;
  return out || (context === 'body' || !context ? '$' : context);
}

/** What a format looks like, for the formats a client writes by hand. */
const FORMATS: Record<string, string> = {
  date: 'a date as YYYY-MM-DD',
  'date-time': 'a date-time as YYYY-MM-DDThh:mm:ss (UTC unless it ends in Z or ±hh:mm) or a date as YYYY-MM-DD',
};

/** An enumeration's accepted values with their names (`0 Check, 1 Cash`; names alone when the
 *  names are the values), from the schema's `x-enum` (schemas.ts); null if it has none. */
function enumListing(schema: Record<string, unknown> | undefined): string | null {
  const names = schema?.['x-enum'] as Record<string, number> | undefined;
  if (!names) return null;
  const type = schema!.type;
  const named = type === 'string' || (Array.isArray(type) && type.includes('string'));
  const listing = Object.entries(names)
    .map(([name, n]) => (named ? name : `${n} ${name}`))
    .join(', ');
  return schema!['x-flags'] ? `one of, or a sum of: ${listing}` : `one of: ${listing}`;
}

function messageFor(e: AjvErrorLike, field: string): string {
  // A value an enumeration does not know fails its type (a name that matched none stays text) and
  // its list: both say what it accepts, once.
  const listing = e.data === null ? null : enumListing(e.parentSchema);
  if (listing && ['type', 'enum', 'minimum', 'maximum'].includes(e.keyword)) return `The ${field} field must be ${listing}.`;
  switch (e.keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'type':
      if (e.data === null) return `The ${field} field is required.`;
      return `The ${field} field must be of type ${String(e.params.type).replace(',', ' or ')}.`;
    case 'enum':
      // A nullable enumeration lists null among its values; null is never the problem here.
      return `The ${field} field must be one of: ${(e.params.allowedValues as unknown[]).filter((v) => v !== null).join(', ')}.`;
    case 'format':
      return `The ${field} field must be ${FORMATS[String(e.params.format)] ?? `a valid ${String(e.params.format)}`}.`;
    case 'minItems':
    case 'maxItems':
      return field.endsWith('DateRange') || field === 'DateRange' ? 'DateRange takes two values: the start, then the end.' : `The ${field} field ${e.message}.`;
    default:
      return `The ${field} field ${e.message ?? 'is invalid'}.`;
  }
}

export function problem(requestId: string, errors: Record<string, string[]>): ValidationProblemT {
  return {
    type: 'https://tools.ietf.org/html/rfc9110#section-15.5.1',
    title: 'One or more validation errors occurred.',
    status: 400,
    errors,
    traceId: requestId,
  };
}

/** Ajv's errors by field (`stops[0].address.city`), each field's messages once; `prefix` names
 *  the field a validated value came in (a JSON text inside a multipart form, say). */
export function problemsOf(errors: readonly AjvErrorLike[], context: string | undefined, prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const e of errors) {
    // anyOf/oneOf wrap the useful errors of their branches; "must match a schema in anyOf" adds nothing.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const own = fieldName(e, context);
    const field = prefix ? (own === '$' ? prefix : `${prefix}.${own}`) : own;
    const message = messageFor(e, field);
    const list = (out[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

function validationErrors(error: FastifyError): Record<string, string[]> {
  const out = problemsOf((error.validation ?? []) as unknown as AjvErrorLike[], error.validationContext);
  if (Object.keys(out).length === 0) out[error.validationContext ?? '$'] = [error.message];
  return out;
}

function isBodyParseError(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && (error as FastifyError).statusCode === 400)
  );
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error instanceof Unauthorized) {
    reply.code(401).send();
    return;
  }
  if (error instanceof TooManyRequests) {
    if (error.retryAfter !== null) reply.header('retry-after', String(error.retryAfter));
    reply.code(429).send();
    return;
  }
  // Error bodies are small and varied: plain JSON.stringify, never a route's success schema.
  reply.serializer(JSON.stringify).type('application/json; charset=utf-8');
  // A download that failed once its headers were set (its stored file unreadable) answers the
  // error as JSON, not as a file named like the one asked for.
  reply.removeHeader('content-disposition').removeHeader('content-security-policy');
  if (error instanceof ValidationError) {
    reply.code(400).type('application/problem+json').send(problem(request.id, error.errors));
    return;
  }
  if (error.validation) {
    reply
      .code(400)
      .type('application/problem+json')
      .send(problem(request.id, validationErrors(error)));
    return;
  }
  if (isBodyParseError(error)) {
    const message = error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'A non-empty request body is required.' : 'The request body is not valid JSON.';
    reply
      .code(400)
      .type('application/problem+json')
      .send(problem(request.id, { $: [message] }));
    return;
  }
  const known = error instanceof AppError ? error : fromSqlState(error);
  if (known) {
    reply
      .code(known.status)
      .send(failure([{ code: known.code.code, message: known.message }, ...known.details.map((d) => ({ code: d.code.code, message: d.message }))]));
    return;
  }
  if (error.statusCode === 413) {
    reply.code(413).send(failure([{ code: Codes.payloadTooLarge.code, message: 'The request body is too large.' }]));
    return;
  }
  if (error.statusCode === 415) {
    reply.code(415).send(failure([{ code: Codes.unsupportedMediaType.code, message: 'The content type of the request is not supported.' }]));
    return;
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
    reply
      .code(503)
      .header('retry-after', '1')
      .send(failure([{ code: Codes.unavailable.code, message: 'The service is temporarily unavailable. Retry after a wait.' }]));
    return;
  }
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    reply.code(error.statusCode).send(failure([{ code: Codes.badRequest.code, message: error.message }]));
    return;
  }
  // Unknown: the full error goes to the log under the request id; the client gets the reference only.
  request.log.error({ err: error }, 'unhandled error');
  reply.code(500).send(failure([{ code: Codes.errorOccurred.code, message: `An error occurred on the service. Reference: ${request.id}` }]));
}
