import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
const info = JSON.parse(readFileSync('/tmp/ds.json', 'utf8'));
const file0 = readFileSync('/tmp/bench1mb.pdf');
const tailT = Buffer.from(`% upload ${'0'.repeat(12)}\n`);
const file = Buffer.concat([file0, tailT]);
const at = file0.length + tailT.length - 13;
const boundary = '----fds-bench-upload';
const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="rc.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
const tail = Buffer.from(`\r\n--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\nUpload\r\n--${boundary}--\r\n`);
const body = Buffer.concat([head, file, tail]);
const numberAt = head.length + at;
let n = Number(process.env.START ?? Date.now() % 1e9);
const next = () => { const b = Buffer.from(body); b.write(String(++n).padStart(12, '0'), numberAt, 'latin1'); return b; };
const r = await autocannon({ url: `${info.url}/api/v1/CompanyDocuments/upload`, method: 'POST', connections: Number(process.env.C ?? 20), duration: Number(process.env.D ?? 8),
  headers: { authorization: `Bearer ${info.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, body, requests: [{ setupRequest: (q) => ({ ...q, body: next() }) }] });
console.log(`rps ${r.requests.average} p50 ${r.latency.p50} p99 ${r.latency.p99} non2xx ${r.non2xx} errors ${r.errors} total ${r.requests.total}`);
