// npm run bench: load benchmarks with autocannon (50 connections, 10 s after a 3 s warm-up).
// The service runs on PostgreSQL when DATABASE_URL is set, else on the embedded database. Each
// figure stands next to a bare Fastify route answering the same bytes, measured in the same run.
//   npm run bench                 every benchmark
//   npm run bench -- auth         the fixed cost of an authenticated request (GET /App/User)
//   npm run bench -- signin       sign-in time for an unknown email against a wrong password
//   npm run bench -- restart      PostgreSQL restarted under load (needs BENCH_RESTART_CMD)
//   npm run bench -- customers    GET /Customers?SearchTerm=... over a company of 100,000 customers
//                                 (two other companies hold 150,000 each); seeded on the first run
//   npm run bench -- uncached     GET /Customers with no answer kept (ANSWER_CACHE_MB=0) next to a raw
//                                 pg + Fastify route running the very statements fds runs and
//                                 answering the same bytes (bench/raw-customers.ts); PostgreSQL only
//   npm run bench -- orders       GET /Quotes over a company of 1,000,000 orders (3,000,000 stops;
//                                 a neighbour holds 500,000 more) with no answer kept, next to a raw
//                                 pg + Fastify route running the same statements for the same bytes
//                                 (bench/raw-orders.ts), then with answers kept; then POST /Quotes of
//                                 4-stop priced orders. PostgreSQL only; seeded on the first run
//                                 (BENCH_ORDERS_SCALE scales it, bench/orders-setup.ts)
//   npm run bench -- dispatch     GET /Routes/UnassignedRoutes (5,000 stops in the pool), GET /Routes/Routes
//                                 (a day of 200 routes × 25 stops) and UnassignedStopRouteSuggestions (200
//                                 routes), answers not kept, next to a bare route answering the same
//                                 bytes; auto-reroute of a 100-stop route, 2 s against 10 s. PostgreSQL
//                                 only; seeded on the first run (bench/dispatch-setup.ts)
//   npm run bench -- accounting   GET /Accounting/Invoices (the page, a customer's unpaid, by number), POST
//                                 /Accounting (the search) and InvoiceStats over 200,000 invoices and 300,000
//                                 payments, answers not kept, next to a bare route answering the same bytes.
//                                 PostgreSQL only; seeded on the first run (bench/accounting-setup.ts)
//   npm run bench -- documents    GET /CompanyDocuments (SearchTerm over 100,000 documents' text) next to
//                                 a bare route answering the same bytes; a bill of lading of 80 item lines
//                                 at 1 and 10 connections; 1 MB PDF uploads at 20 connections with /healthz
//                                 asked beside them. PostgreSQL only; seeded on the first run
//                                 (bench/documents-setup.ts)
//   npm run bench -- citus        GET /App/User and GET /Customers on a Citus coordinator
//                                 (BENCH_CITUS_URL) next to the same on the PostgreSQL of
//                                 DATABASE_URL: same data (BENCH_CUSTOMERS_SCALE, default 0.1:
//                                 10,000 customers searched among 40,000), kept answers off unless
//                                 ANSWER_CACHE_MB says otherwise; Citus's counters of single- and
//                                 multi-shard executions over the Citus rows
// BENCH_TOOL=wrk measures with wrk (one thread, outside node: it takes less of the 2 cores than
// autocannon) instead of autocannon; p50 and p99 are then wrk's, to 0.01 ms.
import { type ChildProcess, execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PLACES, TRADES } from './customers-data.js';
import { BENCH_DAY } from './dispatch-setup.js';
import { benchDocuments } from './documents.js';
import { patientGet } from './patient-get.js';
import { startScript } from './start-script.js';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = 3;
const root = new URL('..', import.meta.url).pathname;

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** CPU time per request (µs) of the server process and of all local postgres processes. */
  cpu?: { server: number; postgres: number };
}

/** CPU time (µs) of a process from /proc (Linux), or of every process named `postgres`. */
function cpuMicros(pid: number | 'postgres'): number {
  const tick = 1e6 / 100; // USER_HZ
  const of = (p: string) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, plus cutime + cstime: the postmaster's reaped backends (a connection closed
      // during the measure still counts).
      return {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ppid: rest[1],
        cpu: (Number(rest[11]) + Number(rest[12]) + (pid === 'postgres' ? Number(rest[13]) + Number(rest[14]) : 0)) * tick,
      };
    } catch {
      return { comm: '', ppid: '', cpu: 0 };
    }
  };
  if (pid !== 'postgres') return of(String(pid)).cpu;
  let total = 0;
  // BENCH_POSTMASTER_PID (first line of the cluster's postmaster.pid): that cluster only, else every postgres.
  const postmaster = process.env.BENCH_POSTMASTER_PID;
  for (const p of readdirSync('/proc'))
    if (/^\d+$/.test(p)) {
      const s = of(p);
      if (s.comm === 'postgres' && (!postmaster || p === postmaster || s.ppid === postmaster)) total += s.cpu;
    }
  return total;
}

const start = (script: string, env: Record<string, string> = {}) => startScript(root, script, env, 'inherit');

/** wrk's figure in ms from "1.23ms", "456.78us" or "1.01s". */
function wrkMs(text: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(text.trim());
  if (!m) throw new Error(`wrk: cannot read the latency "${text}"`);
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
}

/** A request other than a bare GET: its method and JSON body. */
interface Send {
  /** A body to send (with its method); without one, GET. */
  method?: 'POST' | 'PUT';
  body?: string;
  /** Connections, when not BENCH_CONNECTIONS. */
  connections?: number;
}

function wrk(url: string, seconds: number, headers: Record<string, string>, send?: Send): Promise<string> {
  const args = [
    '-t1',
    `-c${send?.connections ?? CONNECTIONS}`,
    `-d${seconds}s`,
    '--latency',
    ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]),
  ];
  if (send?.body !== undefined) {
    // wrk sends a body through a script.
    const script = join(mkdtempSync(join(tmpdir(), 'fds-wrk-')), 'send.lua');
    writeFileSync(
      script,
      `wrk.method = ${JSON.stringify(send.method)}\nwrk.body = ${JSON.stringify(send.body)}\nwrk.headers["Content-Type"] = "application/json"\n`,
    );
    args.push('-s', script);
  }
  args.push(url);
  return new Promise((resolve, reject) => execFile('wrk', args, (err, stdout) => (err ? reject(err) : resolve(stdout))));
}

/** `server`: the process answering (its CPU per request is reported, and PostgreSQL's). */
async function load(name: string, url: string, headers: Record<string, string> = {}, server?: ChildProcess, send?: Send): Promise<Measure> {
  const cpuBefore = () => ({ server: server?.pid ? cpuMicros(server.pid) : 0, postgres: cpuMicros('postgres') });
  const cpuPer = (before: { server: number; postgres: number }, requests: number) =>
    server?.pid && requests > 0
      ? { server: (cpuMicros(server.pid) - before.server) / requests, postgres: (cpuMicros('postgres') - before.postgres) / requests }
      : undefined;
  if (process.env.BENCH_TOOL === 'wrk') {
    await wrk(url, WARMUP, headers, send);
    const before = cpuBefore();
    const out = await wrk(url, DURATION, headers, send);
    const num = (re: RegExp) => Number(re.exec(out)?.[1] ?? 0);
    const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
    return {
      name,
      rps: num(/Requests\/sec:\s+([\d.]+)/),
      p50: wrkMs(/^\s+50%\s+(\S+)/m.exec(out)![1]!),
      p99: wrkMs(/^\s+99%\s+(\S+)/m.exec(out)![1]!),
      errors: sockets ? sockets.slice(1).reduce((a, b) => a + Number(b), 0) : 0,
      non2xx: num(/Non-2xx or 3xx responses: (\d+)/),
      cpu: cpuPer(before, num(/(\d+) requests in/)),
    };
  }
  const request =
    send?.body !== undefined ? { method: send.method ?? 'POST', body: send.body, headers: { ...headers, 'content-type': 'application/json' } } : { headers };
  const connections = send?.connections ?? CONNECTIONS;
  await autocannon({ url, connections, duration: WARMUP, ...request });
  const before = cpuBefore();
  const r = await autocannon({ url, connections, duration: DURATION, ...request });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    cpu: cpuPer(before, r.requests.total),
  };
}

/** Each request takes the next path of a list (no warm-up: the point is what was never asked before). */
async function rotating(name: string, base: string, paths: string[], headers: Record<string, string>): Promise<Measure & { requests: number }> {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, requests: r.requests.total };
}

function print(title: string, rows: Measure[], baseline: Measure | ((r: Measure) => Measure), against = 'vs bare') {
  console.log(`\n${title}`);
  console.log(
    '  ' +
      [
        'target'.padEnd(44),
        'req/s'.padStart(9),
        'p50 ms'.padStart(8),
        'p99 ms'.padStart(8),
        'errors'.padStart(7),
        'non-2xx'.padStart(8),
        against.padStart(8),
        'CPU µs/req: server'.padStart(19),
        'postgres'.padStart(9),
      ].join(' '),
  );
  const ms = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
  for (const r of rows) {
    const base = typeof baseline === 'function' ? baseline(r) : baseline;
    console.log(
      '  ' +
        [
          r.name.padEnd(44),
          r.rps.toFixed(0).padStart(9),
          ms(r.p50).padStart(8),
          ms(r.p99).padStart(8),
          String(r.errors).padStart(7),
          String(r.non2xx).padStart(8),
          `${((r.rps / base.rps) * 100).toFixed(0)}%`.padStart(8),
          (r.cpu ? r.cpu.server.toFixed(0) : '').padStart(19),
          (r.cpu ? r.cpu.postgres.toFixed(0) : '').padStart(9),
        ].join(' '),
    );
  }
}

const wanted = process.argv.slice(2);
const run = (name: string) => wanted.length === 0 || wanted.includes(name);

const service = await start('bench/server.ts', {
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
  BENCH_CUSTOMERS: run('customers') || run('uncached') ? '1' : '0',
});
const { url, token, database } = service.info;
const auth = { authorization: `Bearer ${token}` };
const sample = await fetch(`${url}/api/v1/App/User`, { headers: auth });
const body = await sample.text();
if (sample.status !== 200) throw new Error(`GET /App/User answered ${sample.status}: ${body}`);
const bare = await start('bench/bare.ts', { BARE_BODY: body });
console.log(
  `fds benchmarks: ${database === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}, ${process.env.BENCH_TOOL === 'wrk' ? 'wrk -t1' : 'autocannon'}`,
);
try {
  if (run('auth')) {
    const floor = await load('bare Fastify, same bytes', `${bare.info.url}/api/v1/App/User`, {}, bare.child);
    const user = await load('GET /api/v1/App/User (token, stamp, perms)', `${url}/api/v1/App/User`, auth, service.child);
    const company = await load('GET /api/v1/Company/Info (+ tenant tx)', `${url}/api/v1/Company/Info`, auth, service.child);
    print('Fixed cost of an authenticated request', [floor, user, company], floor);
  }
  if (run('signin')) {
    // Sign-in answers must not tell an unknown email from a wrong password by their time.
    const attempt = async (userName: string) => {
      const started = performance.now();
      const res = await fetch(`${url}/api/v1/Auth/Login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName, password: 'not the password' }),
      });
      await res.text();
      return performance.now() - started;
    };
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 40; i++) {
      known.push(await attempt(service.info.email));
      unknown.push(await attempt(`nobody-${i}@bench.example`));
    }
    console.log(`\nSign-in time, median of 40 sequential attempts each (argon2id m=19456 t=2 p=1)`);
    console.log(`  wrong password for a known email   ${median(known).toFixed(1)} ms`);
    console.log(`  unknown email                      ${median(unknown).toFixed(1)} ms`);
  }
  if (run('customers')) {
    if (!service.info.customersToken) throw new Error('customers: the bench server did not seed its companies');
    const headers = { authorization: `Bearer ${service.info.customersToken}` };
    const search = (term: string) => `/api/v1/Customers?SearchTerm=${encodeURIComponent(term)}`;
    const terms: Array<[string, string]> = [
      ['broad (a company form, ~10%)', 'logistics'],
      ['medium (a trade, ~2%)', 'steel'],
      ['medium (a city, through addresses)', 'austin'],
      ['narrow (place and trade, ~0.05%)', 'trinity steel'],
      ['rare (a full name)', 'lone star steel supply'],
    ];
    // Cold first: each request the first of its term (counts and plans not yet known).
    const first: string[] = [];
    for (const [label, term] of terms) {
      const started = performance.now();
      const res = await fetch(`${url}${search(term)}`, { headers });
      const body = (await res.json()) as { data: { totalCount: number; list: unknown[] } };
      first.push(`  ${label.padEnd(40)} "${term}": totalCount ${body.data.totalCount}, first request ${(performance.now() - started).toFixed(1)} ms`);
    }
    const sample = await (await fetch(`${url}${search('logistics')}`, { headers })).text();
    const floor = await start('bench/bare.ts', { BARE_BODY: sample, BARE_PATH: '/api/v1/Customers' });
    try {
      const rows: Measure[] = [await load('bare Fastify, same bytes', `${floor.info.url}${search('logistics')}`, {}, floor.child)];
      for (const [, term] of terms) rows.push(await load(`SearchTerm=${term}`.slice(0, 44), `${url}${search(term)}`, headers, service.child));
      rows.push(await load('GET /Customers (no search)', `${url}/api/v1/Customers`, headers, service.child));
      // 6,000 distinct terms of ~50 matches each, never asked before in this run: "place trade",
      // and the same with the trade's last letter or the place's first left off (what a user
      // typing sends). Enough that none repeats within the row's 10 s.
      const combos = [
        ...new Set(
          PLACES.flatMap((p) => TRADES.flatMap((t) => [`${p} ${t}`, `${p} ${t.slice(0, -1)}`, `${p.slice(1)} ${t}`]).map((term) => search(term.toLowerCase()))),
        ),
      ];
      const cold = await rotating(`${combos.length.toLocaleString('en-US')} distinct never-asked terms`, url, combos, headers);
      rows.push(cold);
      // Address lookups (never kept: each request ranks every match by resemblance). Last: they
      // saturate the database, and what queues behind them would weigh on the rows after.
      rows.push(await load('Addresses/SearchByCompanyName trinity steel', `${url}/api/v1/Addresses/SearchByCompanyName?companyName=trinity%20steel`, headers));
      rows.push(await load('Addresses/SearchCompaniesByAddress austin', `${url}/api/v1/Addresses/SearchCompaniesByAddress?address=austin`, headers));
      print(`GET /Customers over ${service.info.customers} customers (list of 20, exact totalCount)`, rows, rows[0]!);
      console.log(`  (the distinct-terms row made ${cold.requests} requests: ${Math.min(cold.requests, combos.length)} of them a term's first)`);
      console.log('\nFirst request of each term, sequential:');
      for (const line of first) console.log(line);
    } finally {
      floor.child.kill('SIGTERM');
    }
  }
  if (run('uncached') && database === 'postgres') {
    // The list with no answer kept: every request runs the handler (a statement, the rows mapped,
    // the envelope serialized), next to a raw route running the same statements for the same bytes.
    const uncached = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', BENCH_CUSTOMERS: '1', ANSWER_CACHE_MB: '0' });
    const paths = ['/api/v1/Customers', '/api/v1/Customers?SearchTerm=steel'];
    let raw: Awaited<ReturnType<typeof start>> | null = null;
    try {
      raw = await start('bench/raw-customers.ts', {
        RAW_TOKEN: uncached.info.customersToken,
        RAW_PATHS: JSON.stringify(paths),
        RAW_FDS_URL: uncached.info.url,
      });
      const headers = { authorization: `Bearer ${uncached.info.customersToken}` };
      const rows: Measure[] = [];
      const floorOf = new Map<Measure, Measure>();
      for (const path of paths) {
        const floor = await load(`raw pg + Fastify ${path.slice(7)}`.slice(0, 44), `${raw.info.url}${path}`, {}, raw.child);
        const fds = await load(`fds ${path.slice(7)} (ANSWER_CACHE_MB=0)`.slice(0, 44), `${uncached.info.url}${path}`, headers, uncached.child);
        rows.push(floor, fds);
        floorOf.set(floor, floor).set(fds, floor);
      }
      // The same list with answers kept (the default 32 MB): a version read, then the kept bytes.
      const kept = await load(
        'fds /Customers (answers kept, default)',
        `${url}/api/v1/Customers`,
        { authorization: `Bearer ${service.info.customersToken}` },
        service.child,
      );
      rows.push(kept);
      floorOf.set(kept, rows[0]!);
      print(`Uncached GET /Customers over ${uncached.info.customers} customers (same statements, same bytes)`, rows, (r) => floorOf.get(r)!, 'vs raw');
    } finally {
      raw?.child.kill('SIGTERM');
      uncached.child.kill('SIGTERM');
    }
  }
  if (wanted.includes('orders')) {
    // The quote and order list with no answer kept (a dispatcher's list changes all day), next to a
    // raw route running the same statements for the same bytes; the same list with answers kept;
    // then creating 4-stop priced orders.
    if (database !== 'postgres') throw new Error('orders needs DATABASE_URL (PostgreSQL)');
    const uncached = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', BENCH_ORDERS: '1', ANSWER_CACHE_MB: '0' });
    const kept = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', BENCH_ORDERS: '1' });
    const book = uncached.info.orders as { summary: string; customerName: string; customerId: number; addressIds: number[]; adminToken: string };
    const paths: Array<[string, string]> = [
      ['status Order (open orders)', '/api/v1/Quotes?OrderStatus=Order'],
      ['default (every status but Deleted)', '/api/v1/Quotes'],
      [`search: a customer's name`, `/api/v1/Quotes?SearchTerm=${encodeURIComponent(book.customerName.toLowerCase())}`],
      ['search: an order number', '/api/v1/Quotes?SearchTerm=512345'],
    ];
    const headers = { authorization: `Bearer ${uncached.info.ordersToken}` };
    let raw: Awaited<ReturnType<typeof start>> | null = null;
    try {
      console.log(`\nFirst request of each list, sequential (${book.summary}):`);
      for (const [label, path] of paths) {
        const started = performance.now();
        const res = await fetch(`${uncached.info.url}${path}`, { headers });
        const body = (await res.json()) as { data: { totalCount: number } };
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${JSON.stringify(body).slice(0, 1000)}`);
        console.log(`  ${label.padEnd(40)} totalCount ${body.data.totalCount}, ${(performance.now() - started).toFixed(1)} ms`);
      }
      raw = await start('bench/raw-orders.ts', {
        RAW_TOKEN: uncached.info.ordersToken,
        RAW_PATHS: JSON.stringify(paths.map(([, path]) => path)),
        RAW_FDS_URL: uncached.info.url,
      });
      const rows: Measure[] = [];
      const floorOf = new Map<Measure, Measure>();
      for (const [label, path] of paths) {
        const floor = await load(`raw pg + Fastify: ${label}`.slice(0, 44), `${raw.info.url}${path}`, {}, raw.child);
        const fds = await load(`fds: ${label}`.slice(0, 44), `${uncached.info.url}${path}`, headers, uncached.child);
        rows.push(floor, fds);
        floorOf.set(floor, floor).set(fds, floor);
      }
      const keptRow = await load(
        'fds: status Order, answers kept (default)',
        `${kept.info.url}${paths[0]![1]}`,
        { authorization: `Bearer ${kept.info.ordersToken}` },
        kept.child,
      );
      rows.push(keptRow);
      floorOf.set(keptRow, rows[0]!);
      print(`GET /Quotes over ${book.summary} orders (page of 20 with stops and items, exact totalCount)`, rows, (r) => floorOf.get(r)!, 'vs raw');

      // Creating: a quote of two pickups and two deliveries at the company's addresses, an item at
      // each pickup, priced by the company's pricing model over a given distance.
      const admin = { authorization: `Bearer ${book.adminToken}`, 'content-type': 'application/json' };
      const model = await fetch(`${uncached.info.url}/api/v1/PricingModel`, {
        method: 'POST',
        headers: admin,
        body: JSON.stringify({
          name: 'Bench road rates',
          currency: 'USD',
          distanceUnit: 'mi',
          baseCharge: 150,
          mileageMode: 'tiered',
          mileageCharges: [
            { fromDistance: 0, toDistance: 100, ratePerUnit: 3.25, minimumCharge: 250 },
            { fromDistance: 100, toDistance: 500, ratePerUnit: 2.4 },
            { fromDistance: 500, ratePerUnit: 1.95 },
          ],
        }),
      });
      if (model.status !== 200) throw new Error(`POST /PricingModel answered ${model.status}: ${await model.text()}`);
      const [a, b, c, d] = book.addressIds;
      const item = { description: 'Palletized freight', quantity: 4, weight: 1800, pallets: 4 };
      const quote = JSON.stringify({
        customerId: book.customerId,
        distance: 420,
        stops: [
          { type: 'Pickup', addressId: a, items: [item] },
          { type: 'Pickup', addressId: b, items: [item] },
          { type: 'Delivery', addressId: c },
          { type: 'Delivery', addressId: d },
        ],
      });
      const sample = await fetch(`${uncached.info.url}/api/v1/Quotes`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: quote,
      });
      const made = (await sample.json()) as { data: { totalPrice: number; priceLines: unknown[]; stops: unknown[] } };
      if (sample.status !== 200 || made.data.stops.length !== 4 || !(made.data.totalPrice > 0))
        throw new Error(`POST /Quotes answered ${sample.status}: ${JSON.stringify(made).slice(0, 1000)}`);
      const create = await load('POST /Quotes (4 stops, priced)', `${uncached.info.url}/api/v1/Quotes`, headers, uncached.child, {
        method: 'POST',
        body: quote,
      });
      // One company's quotes are numbered in turn (the number counter's row is locked from the
      // number to the commit): fewer connections wait less for the same rate.
      const fewer = await load('POST /Quotes, 8 connections', `${uncached.info.url}/api/v1/Quotes`, headers, uncached.child, {
        method: 'POST',
        body: quote,
        connections: 8,
      });
      print(`Creating quotes (each priced at ${made.data.totalPrice} USD in ${made.data.priceLines.length} lines)`, [create, fewer], create, '');
    } finally {
      raw?.child.kill('SIGTERM');
      uncached.child.kill('SIGTERM');
      kept.child.kill('SIGTERM');
    }
  }
  if (wanted.includes('dispatch')) {
    // The dispatch board with no answer kept (it changes all day): the pool, the day's routes and the
    // suggestions for a pool stop, each next to a bare Fastify route answering the same bytes; then
    // auto-reroute of a 100-stop route for 2 s against an identical route searched for 10 s.
    if (database !== 'postgres') throw new Error('dispatch needs DATABASE_URL (PostgreSQL)');
    const server = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', BENCH_DISPATCH: '1', ANSWER_CACHE_MB: '0' });
    const info = server.info.dispatch as { summary: string; poolStopIds: number[]; rerouteIds: [number, number] };
    const headers = { authorization: `Bearer ${server.info.dispatchToken}` };
    const dir = mkdtempSync(join(tmpdir(), 'fds-bench-dispatch-'));
    try {
      const paths: Array<[string, string]> = [
        ['UnassignedRoutes (page of 20)', '/api/v1/Routes/UnassignedRoutes'],
        ['Routes of the day (20 routes × 25 stops)', `/api/v1/Routes/Routes?Date=${BENCH_DAY}`],
        ['Routes of the day (all 200 routes)', `/api/v1/Routes/Routes?Date=${BENCH_DAY}&ItemsPerPage=200`],
        ['UnassignedStopRouteSuggestions (200 routes)', `/api/v1/Routes/UnassignedStopRouteSuggestions?orderStopId=${info.poolStopIds[0]}`],
      ];
      const rows: Measure[] = [];
      const floorOf = new Map<Measure, Measure>();
      for (const [label, path] of paths) {
        const res = await patientGet(`${server.info.url}${path}`, headers);
        const text = await res.text();
        if (res.status !== 200) throw new Error(`GET ${path} answered ${res.status}: ${text.slice(0, 500)}`);
        console.log(`  ${label}: ${(text.length / 1024).toFixed(0)} KB`);
        const file = join(dir, `${rows.length}.json`);
        writeFileSync(file, text);
        const bareLike = await start('bench/bare.ts', { BARE_BODY_FILE: file, BARE_PATH: path.split('?')[0]! });
        try {
          const floor = await load(`bare, same bytes: ${label}`.slice(0, 44), `${bareLike.info.url}${path}`, {}, bareLike.child);
          const fds = await load(`fds: ${label}`.slice(0, 44), `${server.info.url}${path}`, headers, server.child);
          rows.push(floor, fds);
          floorOf.set(floor, floor).set(fds, floor);
        } finally {
          bareLike.child.kill('SIGTERM');
        }
      }
      print(`Dispatch over ${info.summary} (answers not kept)`, rows, (r) => floorOf.get(r)!);

      // Auto-reroute: the same 100 stops in the same first order on two routes, searched 2 s and 10 s.
      const reroute = async (routeId: number, timeLimitMs: number) => {
        // The server may still be working off the load above: a 503 says when to come back.
        let started: Response;
        for (let tries = 0; ; tries++) {
          started = await fetch(`${server.info.url}/api/v1/Routes/${routeId}/auto-reroute`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ timeLimitMs }),
          });
          if (started.status !== 503 || tries === 30) break;
          await new Promise((r) => setTimeout(r, 1000 * Number(started.headers.get('retry-after') ?? 1)));
        }
        if (started.status !== 200) throw new Error(`auto-reroute answered ${started.status}: ${await started.text()}`);
        for (;;) {
          await new Promise((r) => setTimeout(r, 250));
          const status = (await (await fetch(`${server.info.url}/api/v1/Routes/${routeId}/optimization-status`, { headers })).json()) as {
            status: string;
            beforeDistanceMeters: number;
            afterDistanceMeters: number;
            startedAt: string;
            finishedAt: string;
          };
          if (status.status !== 'Running') return status;
        }
      };
      const quick = await reroute(info.rerouteIds[0], 2000);
      const long = await reroute(info.rerouteIds[1], 10000);
      const km = (m: number) => (m / 1000).toFixed(1);
      const took = (s: { startedAt: string; finishedAt: string }) => ((Date.parse(s.finishedAt) - Date.parse(s.startedAt)) / 1000).toFixed(1);
      console.log('\nAuto-reroute of a 100-stop route (50 pickups, 50 deliveries; the same stops on two routes)');
      console.log(`  2 s search:  ${quick.status}, ${km(quick.beforeDistanceMeters)} km → ${km(quick.afterDistanceMeters)} km, ${took(quick)} s`);
      console.log(`  10 s search: ${long.status}, ${km(long.beforeDistanceMeters)} km → ${km(long.afterDistanceMeters)} km, ${took(long)} s`);
      console.log(`  2 s is ${(((quick.afterDistanceMeters - long.afterDistanceMeters) / long.afterDistanceMeters) * 100).toFixed(2)} % longer than 10 s`);
    } finally {
      server.child.kill('SIGTERM');
    }
  }
  if (wanted.includes('accounting')) {
    // The books with no answer kept: the invoices' list, the invoices and payments search and the
    // figures, each next to a bare Fastify route answering the same bytes.
    if (database !== 'postgres') throw new Error('accounting needs DATABASE_URL (PostgreSQL)');
    const server = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info', BENCH_ACCOUNTING: '1', ANSWER_CACHE_MB: '0' });
    const info = server.info.accounting as { summary: string; customerId: number };
    const headers = { authorization: `Bearer ${server.info.accountingToken}` };
    const dir = mkdtempSync(join(tmpdir(), 'fds-bench-accounting-'));
    try {
      const targets: Array<[string, string, Send?]> = [
        ['Invoices (page of 20)', '/api/v1/Accounting/Invoices'],
        ['Invoices of a customer, unpaid', `/api/v1/Accounting/Invoices?customerId=${info.customerId}&isFullyPaid=false`],
        ['Invoices by number (SearchTerm=1999)', '/api/v1/Accounting/Invoices?SearchTerm=1999'],
        ['POST /Accounting (search, page of 20)', '/api/v1/Accounting', { method: 'POST', body: '{}' }],
        ["POST /Accounting (a customer's)", '/api/v1/Accounting', { method: 'POST', body: JSON.stringify({ customerId: info.customerId }) }],
        ['InvoiceStats', '/api/v1/Accounting/InvoiceStats'],
      ];
      const rows: Measure[] = [];
      const floorOf = new Map<Measure, Measure>();
      for (const [label, path, send] of targets) {
        const res = await fetch(`${server.info.url}${path}`, {
          method: send?.method ?? 'GET',
          headers: { ...headers, ...(send ? { 'content-type': 'application/json' } : {}) },
          ...(send ? { body: send.body } : {}),
        });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${send?.method ?? 'GET'} ${path} answered ${res.status}: ${text.slice(0, 500)}`);
        console.log(`  ${label}: ${(text.length / 1024).toFixed(1)} KB`);
        const file = join(dir, `${rows.length}.json`);
        writeFileSync(file, text);
        const bareLike = await start('bench/bare.ts', { BARE_BODY_FILE: file, BARE_PATH: path.split('?')[0]!, ...(send ? { BARE_METHOD: send.method } : {}) });
        try {
          const floor = await load(`bare, same bytes: ${label}`.slice(0, 44), `${bareLike.info.url}${path}`, {}, bareLike.child, send);
          const fds = await load(`fds: ${label}`.slice(0, 44), `${server.info.url}${path}`, headers, server.child, send);
          rows.push(floor, fds);
          floorOf.set(floor, floor).set(fds, floor);
        } finally {
          bareLike.child.kill('SIGTERM');
        }
      }
      print(`Accounting over ${info.summary} (answers not kept)`, rows, (r) => floorOf.get(r)!);
    } finally {
      server.child.kill('SIGTERM');
    }
  }
  if (wanted.includes('documents')) {
    if (database !== 'postgres') throw new Error('documents needs DATABASE_URL (PostgreSQL)');
    await benchDocuments({ start, load, print, dir: mkdtempSync(join(tmpdir(), 'fds-bench-documents-')), seconds: DURATION, warmup: WARMUP });
  }
  if (wanted.includes('citus')) {
    const citusUrl = process.env.BENCH_CITUS_URL;
    if (!citusUrl || database !== 'postgres') throw new Error('citus needs DATABASE_URL (one PostgreSQL) and BENCH_CITUS_URL (a Citus coordinator)');
    const env = {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      BENCH_CUSTOMERS: '1',
      ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB ?? '0',
      BENCH_CUSTOMERS_SCALE: process.env.BENCH_CUSTOMERS_SCALE ?? '0.1',
    };
    const single = await start('bench/server.ts', env);
    const citus = await start('bench/server.ts', { ...env, DATABASE_URL: citusUrl });
    const coordinator = new pg.Client({ connectionString: citusUrl });
    await coordinator.connect();
    // Executions on the coordinator's database since it started: every statement the service sent.
    const counters = async () =>
      (
        await coordinator.query<{ single: string; multi: string }>(`SELECT query_execution_single_shard AS single,
      query_execution_multi_shard AS multi FROM citus_stat_counters((SELECT oid FROM pg_database WHERE datname = current_database()))`)
      ).rows[0]!;
    try {
      const targets: Array<[string, string, 'token' | 'customersToken']> = [
        ['GET /App/User', '/api/v1/App/User', 'token'],
        ['GET /Customers', '/api/v1/Customers', 'customersToken'],
        ['GET /Customers?SearchTerm=steel', '/api/v1/Customers?SearchTerm=steel', 'customersToken'],
      ];
      const rows: Measure[] = [];
      const baseOf = new Map<Measure, Measure>();
      const before = await counters();
      let citusRequests = 0;
      for (const [label, path, token] of targets) {
        const one = await load(
          `${label} (one PostgreSQL)`.slice(0, 44),
          `${single.info.url}${path}`,
          { authorization: `Bearer ${single.info[token]}` },
          single.child,
        );
        const distributed = await load(
          `${label} (Citus)`.slice(0, 44),
          `${citus.info.url}${path}`,
          { authorization: `Bearer ${citus.info[token]}` },
          citus.child,
        );
        citusRequests += Math.round(distributed.rps * DURATION);
        rows.push(one, distributed);
        baseOf.set(one, one).set(distributed, one);
      }
      const after = await counters();
      print(
        `Citus (coordinator and two workers) against one PostgreSQL, same machine, ${citus.info.customers}, ANSWER_CACHE_MB=${env.ANSWER_CACHE_MB}`,
        rows,
        (r) => baseOf.get(r)!,
        'vs one',
      );
      const singleShard = Number(after.single) - Number(before.single);
      const multiShard = Number(after.multi) - Number(before.multi);
      console.log(
        `  Citus executions during the Citus rows (warm-ups included; about ${citusRequests} measured requests):` +
          ` ${singleShard} single-shard, ${multiShard} multi-shard (citus_stat_counters)`,
      );
    } finally {
      await coordinator.end();
      single.child.kill('SIGTERM');
      citus.child.kill('SIGTERM');
    }
  }
  if (wanted.includes('restart')) {
    // Restarts PostgreSQL under load (BENCH_RESTART_CMD, e.g. "pg_ctlcluster 15 main restart").
    const command = process.env.BENCH_RESTART_CMD;
    if (!command || database !== 'postgres') throw new Error('restart needs DATABASE_URL and BENCH_RESTART_CMD');
    const samples: Array<{ at: number; status: number; ms: number }> = [];
    const started = performance.now();
    let running = true;
    const worker = async (path: string) => {
      while (running) {
        const t0 = performance.now();
        let status = 0;
        try {
          const res = await fetch(`${url}${path}`, { headers: auth, signal: AbortSignal.timeout(5000) });
          await res.text();
          status = res.status;
        } catch {
          status = -1;
        }
        samples.push({ at: t0 - started, status, ms: performance.now() - t0 });
      }
    };
    const workers = Array.from({ length: 20 }, (_, i) => worker(i % 2 ? '/api/v1/App/User' : '/api/v1/Company/Info'));
    await new Promise((r) => setTimeout(r, 3000));
    const restartAt = performance.now() - started;
    // Asynchronously: the clients of this process keep sending while PostgreSQL restarts.
    const { exec } = await import('node:child_process');
    await new Promise((resolve, reject) => exec(command, (err) => (err ? reject(err) : resolve(null))));
    const restartedAt = performance.now() - started;
    await new Promise((r) => setTimeout(r, 5000));
    running = false;
    await Promise.all(workers);
    const counts = new Map<number, number>();
    for (const s of samples) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
    const failures = samples.filter((s) => s.status !== 200);
    const firstOk = samples.filter((s) => s.at > restartedAt && s.status === 200).sort((a, b) => a.at - b.at)[0];
    const alive = await fetch(`${url}/healthz`)
      .then((r) => r.status)
      .catch(() => 0);
    console.log(`\nPostgreSQL restart under load (20 clients on /App/User and /Company/Info): restart took ${(restartedAt - restartAt).toFixed(0)} ms`);
    console.log(`  answers: ${[...counts].map(([k, v]) => `${k === -1 ? 'no answer' : k}: ${v}`).join(', ')}`);
    const during = samples.filter((s) => s.at >= restartAt && s.at <= restartedAt);
    console.log(`  during the restart: ${during.length} answers, ${during.filter((s) => s.status === 503).length} of them 503`);
    console.log(
      `  slowest non-200 answer: ${failures.length ? Math.max(...failures.map((f) => f.ms)).toFixed(0) : '-'} ms; slowest answer: ${Math.max(...samples.map((f) => f.ms)).toFixed(0)} ms`,
    );
    console.log(
      `  first 200 after the restart finished: ${firstOk ? (firstOk.at - restartedAt).toFixed(0) + ' ms later' : 'none'}; process alive: ${alive === 200}`,
    );
  }
} finally {
  service.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
