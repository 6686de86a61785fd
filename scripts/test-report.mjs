// The reporter of npm test's workers (scripts/test-worker.mjs): each test file's report, written by
// node's own reporter (tap, or spec when TEST_REPORT_FORMAT=spec), sent whole as one JSON line with
// the file's name, time and result, so the runner (scripts/test.mjs) prints two workers' reports
// file by file instead of interleaved line by line, and knows each file's time.
import { Readable } from 'node:stream';
import { spec as Spec, tap } from 'node:test/reporters';

async function render(events) {
  const source = Readable.from(events, { objectMode: true });
  const out = process.env.TEST_REPORT_FORMAT === 'spec' ? source.compose(new Spec()) : tap(source);
  let text = '';
  for await (const chunk of out) text += chunk;
  return text;
}

export default async function* report(source) {
  let events = [];
  let seconds = null;
  for await (const event of source) {
    events.push(event);
    const { nesting, name, details } = event.data ?? {};
    if (nesting !== 0) continue;
    if (event.type === 'test:complete') seconds = details.duration_ms / 1000;
    if (event.type === 'test:pass' || event.type === 'test:fail') {
      yield `${JSON.stringify({ file: name, ok: event.type === 'test:pass', seconds, text: await render(events) })}\n`;
      events = [];
      seconds = null;
    }
  }
  // The worker's totals (diagnostics): the runner adds up the workers'.
  if (events.length > 0) yield `${JSON.stringify({ text: await render(events) })}\n`;
}
