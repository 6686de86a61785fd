// The response envelope (part 1, "Response envelope") and the paged list shape, in one place.
import { type Static, type TSchema, Type } from './schemas.js';

export const ErrorItem = Type.Object({ code: Type.String(), message: Type.String() }, { $id: 'ErrorItem' });
export const OtherMessage = Type.Object({ message: Type.String(), type: Type.String() }, { $id: 'OtherMessage' });

export interface ErrorItemT {
  code: string;
  message: string;
}
export interface OtherMessageT {
  message: string;
  type: string;
}

export interface Envelope<T> {
  data: T;
  success: boolean;
  messages: string[];
  errors: ErrorItemT[];
  otherMessages: OtherMessageT[];
}

/** Envelope schema around `data`. Every field is required: the serializer refuses to omit one. */
export function Env<T extends TSchema>(data: T, options: { description?: string } = {}) {
  return Type.Object(
    {
      data,
      success: Type.Boolean(),
      messages: Type.Array(Type.String()),
      errors: Type.Array(Type.Ref('ErrorItem')),
      otherMessages: Type.Array(Type.Ref('OtherMessage')),
    },
    options,
  );
}

/** `data` of an `env<none>` answer: no defined shape (null unless the endpoint says more). */
export const None = Type.Unknown({ description: 'No defined shape; null unless stated.' });

const PAGED = {
  page: Type.Integer({ description: 'The page asked for (1 when below 1).' }),
  itemsPerPage: Type.Integer({ description: 'The page size actually used.' }),
  totalCount: Type.Integer({ description: 'Matching items across all pages.' }),
};

/** Paged list (`PL<T>` in the spec). */
export function PagedList<T extends TSchema>(item: T) {
  return Type.Object({ list: Type.Array(item), ...PAGED });
}

/** A paged list whose search may match most of its rows (platform/list-search.ts): its count is
 *  then estimated, and says so. */
export function EstimablePagedList<T extends TSchema>(item: T) {
  return Type.Object({
    list: Type.Array(item),
    ...PAGED,
    totalCountExact: Type.Boolean({
      description:
        'false when totalCount is an estimate: a SearchTerm found in many of the items (1 in 50 or more of the first 200 in the asked order) is counted from ' +
        "that sample's share, not item by item. The pages themselves are exact; a short page is the last one.",
    }),
  });
}

export interface Paged<T> {
  list: T[];
  page: number;
  itemsPerPage: number;
  totalCount: number;
  /** Lists with a broad search (EstimablePagedList) only. */
  totalCountExact?: boolean;
}

/** Notices that did not stop the request; a handler returns `withNotices(data, [...])`. */
export class WithNotices<T> {
  constructor(
    readonly data: T,
    readonly otherMessages: OtherMessageT[],
  ) {}
}

export function withNotices<T>(data: T, otherMessages: OtherMessageT[]): WithNotices<T> {
  return new WithNotices(data, otherMessages);
}

export function ok<T>(data: T, otherMessages: OtherMessageT[] = []): Envelope<T> {
  return { data, success: true, messages: [], errors: [], otherMessages };
}

/** A failure envelope; `success` is false because `errors` is not empty. */
export function failure(errors: ErrorItemT[]): Envelope<null> {
  return { data: null, success: false, messages: errors.map((e) => e.message), errors, otherMessages: [] };
}

/** The validation problem object (part 1, Errors: "400 (malformed)"), not the envelope. */
export const ValidationProblem = Type.Object(
  {
    type: Type.String(),
    title: Type.String(),
    status: Type.Integer(),
    errors: Type.Record(Type.String(), Type.Array(Type.String()), { description: 'Messages keyed by field name.' }),
    traceId: Type.String(),
  },
  { $id: 'ValidationProblem' },
);
export type ValidationProblemT = Static<typeof ValidationProblem>;

export const FailureEnvelope = Type.Object(
  {
    data: Type.Null(),
    success: Type.Boolean(),
    messages: Type.Array(Type.String()),
    errors: Type.Array(Type.Ref('ErrorItem')),
    otherMessages: Type.Array(Type.Ref('OtherMessage')),
  },
  { $id: 'FailureEnvelope' },
);

/** Schemas other schemas reference by `$id`; registered once with Fastify and the validators. */
export const sharedSchemas: TSchema[] = [ErrorItem, OtherMessage, ValidationProblem, FailureEnvelope];
