// Summarises a V8 .cpuprofile (node --cpu-prof): self and total time by function and by package or
// file group, as % of busy time and µs per request (pass the request count).
//   node bench/profile-summary.mjs PROFILE.cpuprofile [requests] [top]
import { readFileSync } from 'node:fs';

const [file, requestsArg, topArg] = process.argv.slice(2);
const requests = Number(requestsArg ?? 0);
const top = Number(topArg ?? 25);
const prof = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

function group(cf) {
  const url = cf.url || '';
  if (!url) {
    if (cf.functionName.startsWith('(')) return cf.functionName; // (garbage collector), (program), (idle)
    if (cf.functionName === 'writev' || cf.functionName === 'writeString' || cf.functionName === 'writeBuffer') return '(native) socket writes';
    // Code compiled at run time (new Function): fast-json-stringify serializers, ajv validators.
    if (/^(validate\d*|anonymous\d*)$/.test(cf.functionName) && cf.lineNumber > 0) return '(generated) serializers, validators';
    return '(native) other';
  }
  const nm = url.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) {
    const m = url.slice(5);
    if (m.startsWith('internal/async_hooks') || m === 'async_hooks' || m.includes('async_local_storage')) return 'node:async_hooks';
    if (m.includes('http') || m.includes('_http')) return 'node:http';
    if (m.includes('stream')) return 'node:streams';
    if (m.includes('net') || m.includes('tcp')) return 'node:net';
    return 'node:' + m.split('/').slice(0, 2).join('/');
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return 'fds ' + url.slice(src + 1).replace(/^file:\/\//, '');
  const b = url.indexOf('/bench/');
  if (b >= 0) return 'bench ' + url.slice(b + 1);
  return url;
}
const fname = (cf) => `${cf.functionName || '(anonymous)'} ${group(cf)}:${cf.lineNumber + 1}`;

const self = new Map();
const selfGroup = new Map();
const total = new Map();
const totalGroup = new Map();
let busy = 0,
  idle = 0,
  all = 0;
const { samples, timeDeltas } = prof;
for (let i = 0; i < samples.length; i++) {
  const dt = timeDeltas[i] ?? 0;
  all += dt;
  const node = byId.get(samples[i]);
  const cf = node.callFrame;
  if (cf.functionName === '(idle)') {
    idle += dt;
    continue;
  }
  busy += dt;
  const f = fname(cf);
  self.set(f, (self.get(f) ?? 0) + dt);
  const g = group(cf);
  selfGroup.set(g, (selfGroup.get(g) ?? 0) + dt);
  const seenF = new Set(),
    seenG = new Set();
  for (let id = node.id; id !== undefined; id = parent.get(id)) {
    const c = byId.get(id).callFrame;
    if (c.functionName === '(root)') break;
    const ff = fname(c),
      gg = group(c);
    if (!seenF.has(ff)) {
      seenF.add(ff);
      total.set(ff, (total.get(ff) ?? 0) + dt);
    }
    if (!seenG.has(gg)) {
      seenG.add(gg);
      totalGroup.set(gg, (totalGroup.get(gg) ?? 0) + dt);
    }
  }
}
const fmt = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%` + (requests ? ` ${(us / requests).toFixed(1).padStart(7)} µs/req` : '');
console.log(
  `${file}: profiled ${(all / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s` +
    (requests ? `, ${requests} requests: ${(busy / requests).toFixed(0)} µs busy per request` : ''),
);
const show = (title, m, n) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) console.log(`  ${fmt(v)}  ${k}`);
};
show('self time by group', selfGroup, 40);
show('self time by function', self, top);
show('total time by group (inclusive)', totalGroup, 40);
show('total time by function (inclusive)', total, top);
