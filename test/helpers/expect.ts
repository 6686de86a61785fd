// Assertions every area's tests share.
import assert from 'node:assert/strict';
import type { Answer } from './app.js';

export function expectForbidden(res: Answer<any>, naming: string): void {
  assert.equal(res.status, 403, JSON.stringify(res.body));
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, 'meta.missing_permission');
  assert.ok(res.body.errors[0].message.includes(naming), res.body.errors[0].message);
}

export function expectNotFound(res: Answer<any>): void {
  assert.equal(res.status, 404, JSON.stringify(res.body));
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, 'meta.not_found');
}

/** The validation problem object, naming the field. */
export function expectProblem(res: Answer<any>, field: string): void {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.title, 'One or more validation errors occurred.', JSON.stringify(res.body));
  assert.ok(res.body.errors[field], `${field} in ${JSON.stringify(res.body.errors)}`);
}

/** A business failure: 400 envelope with the code. */
export function expectFailure(res: Answer<any>, code: string): void {
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(res.body.success, false);
  assert.equal(res.body.errors[0].code, code, JSON.stringify(res.body.errors));
}
