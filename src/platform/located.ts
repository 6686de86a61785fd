// A create the spec answers without data (env<none>) still tells the client where its new record
// is: the handler returns `located(path)` and the route sends the path of the GET that reads the
// record in a Location header, with data null as the spec's answer has it.

export class Located<T = null> {
  constructor(
    /** The GET that reads the record, under the route's /api/v{version} (`/Accounting/Payment/7`). */
    readonly path: string,
    readonly data: T,
  ) {}
}

/** The handler's answer for a create answering no data: the new record is at `path`. */
export function located(path: string): Located<null> {
  return new Located(path, null);
}
