// Column values from a request body, field by field. A create writes every field (an absent one
// gets its writer's answer to undefined: null or the column's default); a PUT that "changes the
// fields sent and keeps the others" writes only the fields the body holds — after normalization a
// body's keys are the schema's own spelling, and unknown ones are gone.

/** For each input field, the columns it sets. */
export type Writers<I, V> = { [K in keyof I]-?: (value: I[K], input: I) => Partial<V> };

export function columnsOf<I extends object, V>(input: I, writers: Writers<I, V>, mode: 'all' | 'sent'): Partial<V> {
  const out: Partial<V> = {};
  for (const key of Object.keys(writers) as Array<keyof I>) {
    if (mode === 'sent' && !Object.hasOwn(input, key)) continue;
    Object.assign(out, writers[key](input[key], input));
  }
  return out;
}

/** Trimmed text, or null when absent or blank. */
export const text = (v: string | null | undefined): string | null => (v === null || v === undefined ? null : v.trim() || null);
