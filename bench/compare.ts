// Before/after in one run: the bench server of several checkouts of fds (git worktrees), each
// measured with wrk back to back against the same floors (a bare Fastify route for GET /App/User,
// the raw pg route of bench/raw-customers.ts for GET /Customers), round after round.
//   DATABASE_URL=... tsx bench/compare.ts DIR...      (each DIR a checkout with node_modules)
//   BENCH_ROUNDS (2), BENCH_SECONDS (10), BENCH_CONNECTIONS (50), ANSWER_CACHE_MB (0)
import { type ChildProcess, execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { startScript } from './start-script.js';

const dirs = process.argv.slice(2).map((d) => resolve(d));
if (dirs.length === 0 || !process.env.DATABASE_URL) throw new Error('usage: DATABASE_URL=... tsx bench/compare.ts DIR...');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const here = new URL('..', import.meta.url).pathname;

const start = (cwd: string, script: string, env: Record<string, string>) => startScript(cwd, script, env);

function cpu(pid: number | 'postgres'): number {
  const of = (p: string) => {
    try {
      const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime + stime, and for PostgreSQL's postmaster the reaped backends' (cutime + cstime).
      return {
        comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        ppid: f[1],
        own: Number(f[11]) + Number(f[12]),
        children: Number(f[13]) + Number(f[14]),
      };
    } catch {
      return { comm: '', ppid: '', own: 0, children: 0 };
    }
  };
  if (pid !== 'postgres') return of(String(pid)).own * 1e4;
  // BENCH_POSTMASTER_PID (first line of the cluster's postmaster.pid): that cluster only, else every postgres.
  const postmaster = process.env.BENCH_POSTMASTER_PID;
  let total = 0;
  for (const p of readdirSync('/proc')) {
    if (!/^\d+$/.test(p)) continue;
    const s = of(p);
    if (s.comm === 'postgres' && (!postmaster || p === postmaster || s.ppid === postmaster)) total += s.own + s.children;
  }
  return total * 1e4;
}

function wrk(url: string, seconds: number, headers: Record<string, string>): Promise<string> {
  const args = ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), url];
  return new Promise((res, rej) => execFile('wrk', args, (e, out) => (e ? rej(e) : res(out))));
}
const ms = (t: string) => {
  const m = /^([\d.]+)(us|ms|s)$/.exec(t.trim())!;
  return Number(m[1]) * (m[2] === 'us' ? 0.001 : m[2] === 's' ? 1000 : 1);
};

interface Row {
  rps: number;
  p50: number;
  p99: number;
  server: number;
  postgres: number;
  bad: number;
}
const results = new Map<string, Row[]>();
/** Share of the machine's CPU time busy over `ms` (from /proc/stat). */
async function busy(ms: number): Promise<number> {
  const read = () => readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
  const a = read();
  await new Promise((r) => setTimeout(r, ms));
  const b = read();
  const d = b.map((v, i) => v - a[i]!);
  const total = d.reduce((x, y) => x + y, 0);
  return total === 0 ? 0 : 1 - (d[3]! + d[4]!) / total;
}

/** BENCH_QUIET=1: before a measure, wait (up to BENCH_QUIET_MAX_S, 120) until the machine is idle
 *  (under BENCH_QUIET_BUSY, 0.1, of its CPU busy over 2 s). */
async function quiet(): Promise<void> {
  if (process.env.BENCH_QUIET !== '1') return;
  const limit = Number(process.env.BENCH_QUIET_BUSY ?? 0.1);
  const tries = Number(process.env.BENCH_QUIET_MAX_S ?? 120) / 2;
  for (let i = 0; i < tries; i++) if ((await busy(2000)) < limit) return;
  console.log('  (the machine did not go quiet: measuring anyway)');
}

async function measure(name: string, url: string, headers: Record<string, string>, pid: number) {
  await quiet();
  await wrk(url, 3, headers);
  const c0 = cpu(pid),
    p0 = cpu('postgres');
  const out = await wrk(url, SECONDS, headers);
  const n = Number(/(\d+) requests in/.exec(out)![1]);
  const row: Row = {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)![1]),
    p50: ms(/^\s+50%\s+(\S+)/m.exec(out)![1]!),
    p99: ms(/^\s+99%\s+(\S+)/m.exec(out)![1]!),
    server: (cpu(pid) - c0) / n,
    postgres: (cpu('postgres') - p0) / n,
    bad: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + Number(/Socket errors: connect (\d+)/.exec(out)?.[1] ?? 0),
  };
  (results.get(name) ?? results.set(name, []).get(name)!).push(row);
  console.log(
    `  ${name.padEnd(52)} ${row.rps.toFixed(0).padStart(7)} req/s  p50 ${row.p50.toFixed(2).padStart(6)}  p99 ${row.p99.toFixed(2).padStart(7)} ms  CPU/req server ${row.server.toFixed(0).padStart(4)} µs, postgres ${row.postgres.toFixed(0).padStart(4)} µs${row.bad ? `  BAD ${row.bad}` : ''}`,
  );
}

const servers: Array<{ dir: string; child: ChildProcess; info: Record<string, any> }> = [];
const children: ChildProcess[] = [];
// Stopped early (SIGINT, SIGTERM): stop the servers too.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const c of children) c.kill('SIGTERM');
    process.exit(1);
  });
}
try {
  for (const dir of dirs) {
    const s = await start(dir, 'bench/server.ts', {
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      BENCH_CUSTOMERS: '1',
      ANSWER_CACHE_MB: process.env.ANSWER_CACHE_MB ?? '0',
    });
    servers.push({ dir, ...s });
    children.push(s.child);
  }
  const first = servers[0]!;
  const user = await (await fetch(`${first.info.url}/api/v1/App/User`, { headers: { authorization: `Bearer ${first.info.token}` } })).text();
  const bare = await start(here, 'bench/bare.ts', { BARE_BODY: user });
  children.push(bare.child);
  const paths = ['/api/v1/Customers', '/api/v1/Customers?SearchTerm=steel'];
  const raw = await start(here, 'bench/raw-customers.ts', {
    RAW_TOKEN: first.info.customersToken,
    RAW_PATHS: JSON.stringify(paths),
    RAW_FDS_URL: first.info.url,
  });
  children.push(raw.child);
  // Every checkout must answer the same bytes.
  for (const path of paths) {
    const bodies = await Promise.all(
      servers.map(async (s) => (await fetch(`${s.info.url}${path}`, { headers: { authorization: `Bearer ${s.info.customersToken}` } })).text()),
    );
    if (bodies.some((b) => b !== bodies[0])) throw new Error(`${path}: the checkouts answer different bytes`);
  }
  const label = (s: { dir: string }) => s.dir.split('/').pop();
  for (let round = 1; round <= ROUNDS; round++) {
    console.log(`round ${round}`);
    await measure('bare Fastify /App/User', `${bare.info.url}/api/v1/App/User`, {}, bare.child.pid!);
    for (const s of servers) await measure(`${label(s)} /App/User`, `${s.info.url}/api/v1/App/User`, { authorization: `Bearer ${s.info.token}` }, s.child.pid!);
    for (const path of paths) {
      await measure(`raw pg ${path.slice(7)}`, `${raw.info.url}${path}`, {}, raw.child.pid!);
      for (const s of servers)
        await measure(`${label(s)} ${path.slice(7)}`, `${s.info.url}${path}`, { authorization: `Bearer ${s.info.customersToken}` }, s.child.pid!);
    }
  }
  console.log(`\nmedian of ${ROUNDS} rounds (${CONNECTIONS} connections, ${SECONDS} s each after 3 s warm-up, wrk -t1)`);
  for (const [name, rows] of results) {
    const med = (k: keyof Row) => {
      const v = rows.map((r) => r[k]).sort((a, b) => a - b);
      return v.length % 2 ? v[(v.length - 1) / 2]! : (v[v.length / 2 - 1]! + v[v.length / 2]!) / 2;
    };
    console.log(
      `  ${name.padEnd(52)} ${med('rps').toFixed(0).padStart(7)} req/s  p50 ${med('p50').toFixed(2).padStart(6)}  p99 ${med('p99').toFixed(2).padStart(7)} ms  CPU/req server ${med('server').toFixed(0).padStart(4)} µs, postgres ${med('postgres').toFixed(0).padStart(4)} µs`,
    );
  }
} finally {
  for (const c of children) c.kill('SIGTERM');
}
