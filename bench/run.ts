// npm run bench: load benchmarks with autocannon (50 connections, 10 s after a 3 s warm-up).
// The service runs on PostgreSQL when DATABASE_URL is set, else on the embedded database. Each
// figure stands next to a bare Fastify route answering the same bytes, measured in the same run.
//   npm run bench                 every benchmark
//   npm run bench -- auth         the fixed cost of an authenticated request (GET /App/User)
import { spawn, type ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';

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
}

function start(script: string, env: Record<string, string> = {}): Promise<{ child: ChildProcess; info: Record<string, any> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`${script} exited ${code}`)));
  });
}

async function load(name: string, url: string, headers: Record<string, string> = {}): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: WARMUP, headers });
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx };
}

function print(title: string, rows: Measure[], baseline: Measure) {
  console.log(`\n${title}`);
  console.log('  ' + ['target'.padEnd(44), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'errors'.padStart(7), 'non-2xx'.padStart(8), 'vs bare'.padStart(8)].join(' '));
  for (const r of rows) {
    console.log('  ' + [r.name.padEnd(44), r.rps.toFixed(0).padStart(9), String(r.p50).padStart(8), String(r.p99).padStart(8),
      String(r.errors).padStart(7), String(r.non2xx).padStart(8), `${((r.rps / baseline.rps) * 100).toFixed(0)}%`.padStart(8)].join(' '));
  }
}

const wanted = process.argv.slice(2);
const run = (name: string) => wanted.length === 0 || wanted.includes(name);

const service = await start('bench/server.ts', { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' });
const { url, token, database } = service.info;
const auth = { authorization: `Bearer ${token}` };
const sample = await fetch(`${url}/api/v1/App/User`, { headers: auth });
const body = await sample.text();
if (sample.status !== 200) throw new Error(`GET /App/User answered ${sample.status}: ${body}`);
const bare = await start('bench/bare.ts', { BARE_BODY: body });
console.log(`fds benchmarks: ${database === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}, ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, LOG_LEVEL=${process.env.LOG_LEVEL ?? 'info'}`);
try {
  if (run('auth')) {
    const floor = await load('bare Fastify, same bytes', `${bare.info.url}/api/v1/App/User`);
    const user = await load('GET /api/v1/App/User (token, stamp, perms)', `${url}/api/v1/App/User`, auth);
    const company = await load('GET /api/v1/Company/Info (+ tenant tx)', `${url}/api/v1/Company/Info`, auth);
    print('Fixed cost of an authenticated request', [floor, user, company], floor);
  }
} finally {
  service.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
