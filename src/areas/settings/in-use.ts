// A delete that other records still point at fails on its foreign key (23503). The platform would
// answer that as "a referenced record does not exist", which reads wrong for a delete: this turns
// it into the area's own "still in use" refusal. The transaction is rolled back either way.
import type { AppError } from '../../platform/errors.js';

export async function refusedWhileReferenced<T>(work: () => Promise<T>, refusal: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if ((err as { code?: unknown }).code === '23503') throw refusal();
    throw err;
  }
}
