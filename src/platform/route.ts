// Routes are declared, not written: method, url, schemas, access and a one-line handler. This file
// turns a declaration into a Fastify route with everything the spec requires around it — token and
// access checks, request normalization, the tenant transaction, the envelope and its schema.
import { Readable } from 'node:stream';
import contentDisposition from 'content-disposition';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { Db } from '../db/database.js';
import type { CompanyWork, Tenant, TenantMode, TenantRunner } from '../db/tenant.js';
import { type FileStore, FileTooLarge, type StagedFile } from '../integrations/storage/index.js';
import { type Access, describeAccess, missingFor, refusal } from './access.js';
import { type AnswerCache, Versioned } from './answer-cache.js';
import type { Principal } from './auth.js';
import { Env, type OtherMessageT, ok, WithNotices } from './envelope.js';
import { AppError, Codes, invalid } from './errors.js';
import { type Found, type GateRequest, gatedIds, NOTHING_FOUND, passGate } from './id-gate.js';
import { afterIdempotent, beforeIdempotent } from './idempotency.js';
import { Located } from './located.js';
import { compileNormalizer, type Normalizer, Unknowns } from './normalize.js';
import type { CompanyRecords } from './records.js';
import { statusesOf } from './route-statuses.js';
import { type Static, type TSchema, Type } from './schemas.js';
import { refuseNul } from './text-guard.js';
import { resolveSchema } from './validation.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A file download (`file` in the spec's tables). */
export interface FileResult {
  fileName: string;
  contentType: string;
  /** Bytes, text, or a stream sent as it is read (a stored file: never held whole in memory). */
  body: Buffer | string | Readable;
  /** The length of a stream's bytes when known before sending (its content-length). */
  size?: number;
}

export const FileResponse = Symbol('file');

/** A file received in a multipart request (routes declaring `upload`), held in memory. */
export interface UploadedFile {
  fieldName: string;
  fileName: string;
  contentType: string;
  buffer: Buffer;
}

/** A file received in a multipart request of a route declaring `upload.store`: streamed into the
 *  file store under a temporary name; the handler keeps it (StoredFiles.keepStaged) or the
 *  platform discards it once the request is answered. */
export interface StagedUpload {
  fieldName: string;
  fileName: string;
  /** As the client declared it: a claim, not a fact (sniff `staged.head`). */
  contentType: string;
  staged: StagedFile;
}

export interface Uploads {
  files: UploadedFile[];
  fields: Record<string, string>;
}

export interface StagedUploads {
  files: StagedUpload[];
  fields: Record<string, string>;
}
/** A JSON body without the envelope (`bare<X>` in the spec's tables). */
export function Bare<T extends TSchema>(schema: T): { bare: T } {
  return { bare: schema };
}

type ResponseKind = TSchema | typeof FileResponse | { bare: TSchema };

type StaticOr<T, Fallback> = T extends TSchema ? Static<T> : Fallback;
type ResultOf<R> = R extends typeof FileResponse
  ? FileResult
  : R extends { bare: infer B extends TSchema }
    ? Static<B>
    : R extends TSchema
      ? Static<R> | WithNotices<Static<R>> | Versioned<Static<R>> | Located<Static<R>> | WithNotices<Located<Static<R>>>
      : never;

export interface Context<P, Q, B> {
  params: StaticOr<P, Record<string, never>>;
  query: StaticOr<Q, Record<string, never>>;
  body: StaticOr<B, undefined>;
  /** The signed-in user (undefined on public routes). */
  principal: Principal;
  /** The company's transaction (routes declared with `transaction: false` have none). */
  tenant: Tenant;
  /** The rows of the route's declared ids, read by the gate before the handler (platform/id-gate.ts). */
  found: Found;
  /** For routes declared with `transaction: false` (they call something slow first, an outside
   *  provider say): opens the company's door when the route is ready for it. */
  inCompany<T>(mode: TenantMode, work: CompanyWork<T>): Promise<T>;
  /** Files and fields of a multipart request (routes declaring `upload`), read before the transaction. */
  uploads: Uploads;
  /** Files and fields of a multipart request (routes declaring `upload.store`), staged before the transaction. */
  staged: StagedUploads;
  request: FastifyRequest;
  reply: FastifyReply;
}

// biome-ignore lint/suspicious/noExplicitAny: a route/list of any shape; each one's own types are checked where it is declared
type AnyRecords = CompanyRecords<any, any, any>;

/**
 * What a route's field holds, when it is an id or looks like one:
 *  - a kind of company record (its `companyRecords`): the record the request is about or points
 *    at; one the company does not have — another company's included — is a 404 naming it;
 *  - `{ field: records }`: a record a body field points at, checked like the field's other rules:
 *    one the company does not have is a 400 validation problem naming the field;
 *  - `{ filter: records }`: a list filter; another company's id matches nothing, like a missing one;
 *  - `{ except: records }`: a record the input is checked against but need not exist (the one being
 *    edited, not a duplicate of itself); another company's id reads like a missing one;
 *  - `{ orNone: records }` (or `{ orNone: { chosen, walk } }`): the first kind, where 0 means none
 *    (an optional int32 id whose spec default is 0: `orderId (int32, default 0; when given, ...)`);
 *  - `{ chosen, walk }`: a record read as the rest of the request says — of the kind it names (an
 *    attachment's entity type), within the carrier or customer of the path, with the statuses its
 *    query asks for: `chosen(request)` gives the records, refused like the first kind (it may
 *    refuse the kind itself first, a 403 for a user without the kind's access); `walk` is the
 *    kind the conventions test makes;
 *  - `'global'`: reference data every company shares (countries, states);
 *  - `'not-an-id'`: a number or name that names no record (an enumeration in the path).
 * The gate (platform/id-gate.ts) reads the first, second and `chosen` kinds before the handler.
 */
/** A record of the kind the request names (see IdRef). */
export interface ChosenRef {
  chosen: (request: { params: unknown; query: unknown; body: unknown; principal: Principal }) => AnyRecords;
  walk: AnyRecords;
}

export type IdRef =
  | AnyRecords
  | { field: AnyRecords }
  | { orNone: AnyRecords | ChosenRef }
  | { filter: AnyRecords }
  | { except: AnyRecords }
  | ChosenRef
  | 'global'
  | 'not-an-id';

/**
 * The ids a route takes, by where they are: path parameters, query parameters and body fields
 * (`'addresses[].id'` for a field of each item of a list). The conventions test makes a real record
 * of another company for each and checks the route answers exactly as for an id that exists
 * nowhere, changing nothing; a path parameter, or an id-like query or body field (`id`, `ids`,
 * `...Id`, `...Ids`), that is not declared fails that test.
 */
export interface IdDeclarations {
  params?: Record<string, IdRef>;
  query?: Record<string, IdRef>;
  body?: Record<string, IdRef>;
}

export interface RouteDef<P, Q, B, R extends ResponseKind> {
  method: Method;
  /** Path under /api/v1 (or under /api/v{version}); `absolute` paths are used as written. */
  url: string;
  version?: number;
  absolute?: boolean;
  summary: string;
  description?: string;
  tags?: string[];
  access: Access;
  /** Run the handler in the company's transaction (default for signed-in routes). */
  transaction?: boolean;
  /** Honours the Idempotency-Key header (platform/idempotency.ts): a route that can charge a card. */
  idempotent?: boolean;
  /** A GET that writes (e.g. makes a record's defaults on first read). Other GETs read only:
   *  a write from one fails (db/tenant.ts); POST, PUT, DELETE and PATCH may write unless `readOnly`. */
  writes?: boolean;
  /** A POST or PUT that changes nothing (a validation, a search, a preview): it runs read-only, and
   *  is the one kind of non-GET route that leaves no audit row. */
  readOnly?: boolean;
  /** The record ids the route takes (see IdDeclarations). */
  ids?: IdDeclarations;
  params?: P;
  querystring?: Q;
  body?: B;
  response: R;
  /** Extra lines for the reference page (rate limits, file formats...). */
  notes?: string[];
  /** Statuses the route answers that its declaration does not imply (route-statuses.ts): a 502
   *  from an outside provider, a 429, a 400 business refusal of a route that takes no input. */
  statuses?: readonly number[];
  /** A multipart request: at most `maxFiles` files (more: 400) of `maxFileBytes` each (larger: 413).
   *  `store`: each file streamed into the file store (ctx.staged), never held whole in memory; an
   *  empty file is a 400. Otherwise read into memory (ctx.uploads: spreadsheets to import). */
  upload?: { maxFiles: number; maxFileBytes: number; store?: boolean };
  /** The content type of a file answer, for the reference page. */
  fileType?: string;
  /** Keep answers by company, params and query under the data version the handler reports by
   *  returning `versioned(data, version)` (answer-cache.ts). JSON answers of signed-in routes only. */
  cache?: AnswerCache;
  handler: (ctx: Context<P, Q, B>) => Promise<ResultOf<R>> | ResultOf<R>;
}

// Declarations are kept loosely typed once defined: each was checked against its own schemas.
// biome-ignore lint/suspicious/noExplicitAny: a route/list of any shape; each one's own types are checked where it is declared
export type AnyRoute = RouteDef<any, any, any, ResponseKind>;

export function defineRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends ResponseKind = TSchema,
>(def: RouteDef<P, Q, B, R>): AnyRoute {
  return def as unknown as AnyRoute;
}

export interface RouteDeps {
  db: Db;
  tenants: TenantRunner;
  /** Throws (or rejects) Unauthorized; a principal known in process comes back without a promise. */
  authenticate: (authorization: string | undefined, address?: string | null) => Principal | Promise<Principal>;
  /** Where routes declaring `upload.store` stage their files. */
  files?: FileStore;
}

export interface RouteConfig {
  access: Access;
  apiVersions: string;
  /** Every status the route can answer, for its reference entry. */
  statuses: number[];
  upload?: boolean;
  fileType?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | undefined;
  }
  interface FastifyContextConfig {
    access?: Access;
    apiVersions?: string;
    statuses?: number[];
    upload?: boolean;
    fileType?: string;
  }
}

/** Uploads read before the handler, by request (gone with it). */
const uploadsOf = new WeakMap<FastifyRequest, Uploads>();
const stagedOf = new WeakMap<FastifyRequest, StagedUploads>();
/** Notices naming the body properties the route does not declare (dropped), by request. */
const ignoredOf = new WeakMap<FastifyRequest, OtherMessageT[]>();

function ignoredNotices(unknowns: Unknowns): OtherMessageT[] {
  return unknowns.found.map(({ path, suggestion }) => ({
    type: 'Warning',
    message: `Ignored unknown property "${path}"${suggestion ? ` (did you mean "${suggestion}"?)` : ''}.`,
  }));
}

/**
 * A file route's transaction (`run` gives it the work): when it fails after the handler answered a
 * stream — its commit failed, say — nothing will read the stream, which holds a file handle (a
 * stored file's): it is destroyed, then the failure goes on to the error answer.
 */
function closingOnFailure(
  run: (work: CompanyWork<unknown>) => Promise<unknown>,
  ctx: RouteContext,
  handler: AnyRoute['handler'],
  gate: Gate,
): Promise<unknown> {
  let answered: FileResult | undefined;
  return run(async (tenant) => {
    ctx.tenant = tenant;
    if (gate) ctx.found = await gate(tenant, ctx);
    answered = (await handler(ctx as Context<unknown, unknown, unknown>)) as FileResult;
    return answered;
  }).catch((err: unknown) => {
    if (answered?.body instanceof Readable) answered.body.destroy();
    throw err;
  });
}

/** Reads a request's declared ids (platform/id-gate.ts); null for a route declaring none it reads. */
type Gate = ((t: Tenant, ctx: RouteContext) => Promise<Found>) | null;

function gateOf(def: AnyRoute): Gate {
  const gated = gatedIds(def.ids);
  if (gated.length === 0) return null;
  return (t, ctx) => passGate(t, gated, ctx as unknown as GateRequest);
}

function fullUrl(def: AnyRoute): string {
  if (def.absolute) return def.url;
  return `/api/v${def.version ?? 1}${def.url}`;
}

type Part = 'body' | 'query' | 'params';

function normalizers(def: AnyRoute): Array<[Part, Normalizer]> {
  const out: Array<[Part, Normalizer]> = [];
  const add = (part: Part, schema: unknown) => {
    const norm = schema ? compileNormalizer(schema, { part, resolve: resolveSchema }) : null;
    if (norm) out.push([part, norm]);
  };
  add('params', def.params);
  add('query', def.querystring);
  add('body', def.body);
  return out;
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function';
}

/** Already serialized JSON: with the content type set, Fastify sends a string as it is. */
function sendJson(reply: FastifyReply, body: string): string {
  reply.header('content-type', 'application/json; charset=utf-8');
  return body;
}

/** What a handler is given: a class, so a request makes one object and no closure. */
class RouteContext {
  readonly params: unknown;
  readonly query: unknown;
  readonly body: unknown;
  readonly principal: Principal;
  readonly uploads: Uploads;
  readonly staged: StagedUploads;
  tenant: Tenant | undefined;
  found: Found = NOTHING_FOUND;

  constructor(
    readonly request: FastifyRequest,
    readonly reply: FastifyReply,
    private readonly tenants: TenantRunner,
  ) {
    this.params = request.params;
    this.query = request.query;
    this.body = request.body;
    this.principal = request.principal!;
    this.uploads = uploadsOf.get(request) ?? NO_UPLOADS;
    this.staged = stagedOf.get(request) ?? NO_STAGED;
  }

  /** A getter, so the closure is made only for the routes that take it (handlers destructure it). */
  get inCompany(): <T>(mode: TenantMode, work: CompanyWork<T>) => Promise<T> {
    const { principal, request, tenants } = this;
    if (!principal) throw new Error('a public route has no company');
    return (mode, work) => tenants(principal, request.id, mode, work);
  }
}

const NO_UPLOADS: Uploads = Object.freeze({ files: [], fields: {} }) as Uploads;
/** 413 naming the file and the limit. */
function fileTooLarge(fileName: string, maxBytes: number): AppError {
  const mb = maxBytes / (1024 * 1024);
  return new AppError(Codes.payloadTooLarge, `The file "${fileName}" is larger than ${Number.isInteger(mb) ? `${mb} MB` : `${maxBytes} bytes`}.`);
}

const NO_STAGED: StagedUploads = Object.freeze({ files: [], fields: {} }) as StagedUploads;

/**
 * A registered model (an area's `schemas`) as a reference to it, not a copy: a copy keeps its $id,
 * and the serializer's validator of a nullable member inside it (an anyOf) then resolves that
 * member's $ref from the copy, where another area's model is not found (a 500 on the first answer).
 */
function registeredRef(schema: TSchema): TSchema {
  const id = (schema as { $id?: unknown }).$id;
  return typeof id === 'string' && resolveSchema(id) === schema ? Type.Ref(id) : schema;
}

export function toFastifyRoute(def: AnyRoute, deps: RouteDeps): RouteOptions {
  const isPublic = def.access.kind === 'public';
  const useTransaction = !isPublic && def.transaction !== false;
  const mode = (def.method === 'GET' && !def.writes) || def.readOnly ? 'read' : 'write';
  if (def.readOnly && def.method === 'GET') throw new Error(`${def.method} ${def.url}: a GET is read-only already`);
  const response = def.response;
  const isFile = response === FileResponse;
  const bare = typeof response === 'object' && response !== null && 'bare' in response ? (response as { bare: TSchema }).bare : null;
  const success = isFile ? null : (bare ?? Env(registeredRef(response as TSchema)));
  const norms = normalizers(def);
  const config: RouteConfig = {
    access: def.access,
    apiVersions: `${def.version ?? 1}.0`,
    statuses: statusesOf(def),
    ...(def.upload ? { upload: true } : {}),
    ...(isFile ? { fileType: def.fileType ?? 'application/octet-stream' } : {}),
  };
  const description = [def.description, describeAccess(def.access), ...(def.notes ?? [])].filter(Boolean).join('\n\n');
  const cache = def.cache ?? null;
  if (cache && (!useTransaction || isFile || bare)) throw new Error(`${def.method} ${def.url}: only JSON answers of signed-in routes are cached`);

  const options: RouteOptions = {
    method: def.method,
    url: fullUrl(def),
    config,
    schema: {
      summary: def.summary,
      description,
      tags: def.tags,
      ...(isPublic ? {} : { security: [{ bearer: [] }] }),
      ...(def.params ? { params: def.params } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(success ? { response: { 200: success } } : {}),
    },
    // Not an async function: a handler that answers without waiting (a signed-in route without a
    // transaction, e.g. GET /App/User) is sent at once, with no promise or microtask in between.
    handler(request, reply) {
      const ctx = new RouteContext(request, reply, deps.tenants);
      // The route's answer for the same company, params and query, if the company's data has not
      // changed since it was read: one version read instead of the tenant transaction.
      const key = cache ? `${request.principal!.companyId} ${def.method} ${def.url} ${JSON.stringify(request.params)} ${JSON.stringify(request.query)}` : null;
      if (cache && key && cache.has(key)) return kept(ctx, key);
      if (useTransaction) return run(ctx).then((result) => answer(reply, withGathered(result, ctx.tenant), key));
      const result = outside(ctx);
      if (isThenable(result)) return result.then((r) => answer(reply, r, key));
      const out = answer(reply, result, key);
      // Undefined would leave Fastify waiting for reply.send: an async handler's empty answer instead.
      return out === undefined ? Promise.resolve(out) : out;
    },
  };
  const gate = isPublic ? null : gateOf(def);
  const inTransaction = gate
    ? (ctx: RouteContext) =>
        deps.tenants(ctx.principal, ctx.request.id, mode, async (tenant) => {
          ctx.tenant = tenant;
          ctx.found = await gate(tenant, ctx);
          return def.handler(ctx as Context<unknown, unknown, unknown>) as Promise<unknown>;
        })
    : (ctx: RouteContext) =>
        deps.tenants(ctx.principal, ctx.request.id, mode, (tenant) => {
          ctx.tenant = tenant;
          return def.handler(ctx as Context<unknown, unknown, unknown>) as Promise<unknown>;
        });
  const run = isFile
    ? (ctx: RouteContext) => closingOnFailure((work) => deps.tenants(ctx.principal, ctx.request.id, mode, work), ctx, def.handler, gate)
    : inTransaction;
  /** A route without the company's transaction: it opens the company's door itself when ready; its
   *  declared ids are read first, in a read transaction of their own (before a card is charged or a
   *  file is stored for a record the company does not have). */
  const outside = gate
    ? async (ctx: RouteContext): Promise<unknown> => {
        ctx.found = await deps.tenants(ctx.principal, ctx.request.id, 'read', (tenant) => gate(tenant, ctx));
        return def.handler(ctx as Context<unknown, unknown, unknown>);
      }
    : (ctx: RouteContext): unknown => def.handler(ctx as Context<unknown, unknown, unknown>);
  async function kept(ctx: RouteContext, key: string): Promise<unknown> {
    const body = cache!.get(key, await cache!.version(deps.db, ctx.principal.companyId));
    if (body !== undefined) return sendJson(ctx.reply, body);
    return answer(ctx.reply, useTransaction ? await run(ctx) : await outside(ctx), key);
  }
  /** The handler's answer with the notices its work gathered on the tenant (Tenant.notice). */
  function withGathered(result: unknown, tenant: Tenant | undefined): unknown {
    const notices = tenant?.takeNotices() ?? [];
    if (notices.length === 0 || isFile || bare || result instanceof Versioned) return result;
    if (result instanceof WithNotices) return new WithNotices(result.data, [...result.otherMessages, ...notices]);
    return new WithNotices(result, notices);
  }
  /** The handler's result → what Fastify sends (serialized by the route's schema unless already a string). */
  function answer(reply: FastifyReply, result: unknown, key: string | null): unknown {
    if (isFile) {
      const file = result as FileResult;
      reply.header('content-type', file.contentType);
      reply.header('content-disposition', contentDisposition(file.fileName));
      if (file.size !== undefined) reply.header('content-length', file.size);
      return file.body;
    }
    if (bare) return result;
    const ignored = ignoredOf.get(reply.request);
    if (result instanceof Versioned) {
      const answered = ok(result.data ?? null, ignored);
      // An answer with this request's own notices is not kept for the next one.
      if (!cache || !key || result.version === null || ignored) return answered;
      // The route's own schema serializer: the kept bytes are exactly what it sends.
      const body = String(reply.serialize(answered));
      cache.set(key, result.version, body);
      return sendJson(reply, body);
    }
    if (result instanceof WithNotices) return ok(placed(reply, result.data) ?? null, ignored ? [...ignored, ...result.otherMessages] : result.otherMessages);
    return ok(placed(reply, result) ?? null, ignored);
  }
  /** A create answering no data (platform/located.ts): the GET of its record in the Location header. */
  function placed(reply: FastifyReply, result: unknown): unknown {
    if (!(result instanceof Located)) return result;
    reply.header('location', `${def.absolute ? '' : `/api/v${def.version ?? 1}`}${result.path}`);
    return result.data;
  }
  if (!isPublic) {
    // A callback hook, not an async one: with the principal known in process it admits the request
    // without a promise (an async hook costs a promise and a microtask hop on every request).
    const admit = (request: FastifyRequest, principal: Principal, done: (err?: Error) => void) => {
      request.principal = principal;
      const missing = missingFor(def.access, principal);
      done(missing ? refusal(def.access, missing) : undefined);
    };
    options.onRequest = (request, _reply, done) => {
      const principal = deps.authenticate(request.headers.authorization, request.ip);
      if (isThenable(principal)) principal.then((p) => admit(request, p, done), done);
      else admit(request, principal, done);
    };
  }
  if (def.upload?.store) {
    const limits = def.upload;
    const store = deps.files;
    if (!store) throw new Error(`${def.method} ${def.url}: streamed uploads need the file store in the route's deps`);
    options.preHandler = async (request) => {
      if (!request.isMultipart()) throw invalid('file', 'Send the file in a multipart/form-data request.');
      const received: StagedUploads = { files: [], fields: {} };
      // Set first: whatever was staged is discarded when the request ends, also on an error.
      stagedOf.set(request, received);
      // One more file than allowed is read as far as its header, so the answer can say so (400).
      for await (const part of request.parts({ limits: { files: limits.maxFiles + 1, fileSize: limits.maxFileBytes + 1 } })) {
        if (part.type !== 'file') {
          received.fields[part.fieldname] = String(part.value);
          continue;
        }
        if (received.files.length >= limits.maxFiles) {
          part.file.resume();
          throw invalid(part.fieldname, `Send at most ${limits.maxFiles} file${limits.maxFiles === 1 ? '' : 's'} in one request.`);
        }
        let staged: StagedFile;
        try {
          staged = await store.stage(part.file, { maxBytes: limits.maxFileBytes });
        } catch (err) {
          if (err instanceof FileTooLarge || (err as { statusCode?: number }).statusCode === 413) throw fileTooLarge(part.filename, limits.maxFileBytes);
          throw err;
        }
        received.files.push({ fieldName: part.fieldname, fileName: part.filename, contentType: part.mimetype, staged });
        if (staged.size === 0) throw invalid(part.fieldname, `The file "${part.filename}" is empty.`);
      }
    };
    options.onResponse = async (request) => {
      for (const file of stagedOf.get(request)?.files ?? []) await file.staged.discard();
    };
  } else if (def.upload) {
    const limits = def.upload;
    options.preHandler = async (request) => {
      if (!request.isMultipart()) throw invalid('file', 'Send the file in a multipart/form-data request.');
      const uploads: Uploads = { files: [], fields: {} };
      for await (const part of request.parts({ limits: { files: limits.maxFiles, fileSize: limits.maxFileBytes } })) {
        if (part.type === 'file') {
          uploads.files.push({ fieldName: part.fieldname, fileName: part.filename, contentType: part.mimetype, buffer: await part.toBuffer() });
        } else {
          uploads.fields[part.fieldname] = String(part.value);
        }
      }
      uploadsOf.set(request, uploads);
    };
  }
  if (def.idempotent) {
    if (def.upload || isPublic) throw new Error(`${def.method} ${def.url}: an idempotent route is a signed-in JSON route`);
    options.preHandler = async (request, reply) => {
      await beforeIdempotent(request, reply, deps.tenants);
      if (reply.sent) return reply;
    };
    options.onSend = async (request, reply, payload) => {
      await afterIdempotent(request, reply, payload, deps.tenants);
      return payload;
    };
  }
  const parts = (['params', 'query', 'body'] as const).filter((part) => (part === 'query' ? def.querystring : def[part]) !== undefined);
  if (norms.length > 0 || parts.length > 0) {
    // Synchronous work, so a callback hook (a throw here reaches the error handler as a rejection would).
    options.preValidation = (request, _reply, done) => {
      for (const [part, norm] of norms) {
        const value = request[part];
        if (value === undefined) continue;
        const unknowns = part === 'body' ? new Unknowns() : undefined;
        (request as unknown as Record<string, unknown>)[part] = norm(value, unknowns);
        if (unknowns && unknowns.size > 0) ignoredOf.set(request, ignoredNotices(unknowns));
      }
      for (const part of parts) refuseNul(request[part], part);
      done();
    };
  }
  return options;
}

export function registerRoutes(app: FastifyInstance, routes: AnyRoute[], deps: RouteDeps, tags: string[]): void {
  for (const def of routes) app.route(toFastifyRoute({ ...def, tags: def.tags ?? tags }, deps));
}
