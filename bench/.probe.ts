import pg from 'pg';
const orig = pg.Client.prototype.query as any;
let log: string[] = [];
(pg.Client.prototype as any).query = function (this: any, ...args: any[]) {
  const t0 = performance.now(); const text = typeof args[0] === 'string' ? args[0] : args[0]?.text;
  const r = orig.apply(this, args);
  if (r && typeof r.then === 'function') r.then(() => log.push(`${(performance.now() - t0).toFixed(2)}ms ${String(text).replace(/\s+/g, ' ').slice(0, 90)}`), () => {});
  return r;
};
process.env.BENCH_CUSTOMERS = '1';
const { buildApp } = await import('../src/app.js');
const { loadConfig } = await import('../src/config.js');
const { openDatabase } = await import('../src/db/database.js');
const { createTokens } = await import('../src/platform/auth.js');
const { customerCompanies } = await import('./customers-setup.js');
const config = loadConfig({ ...process.env, PORT: '0', DATA_DIR: 'memory://', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789', LOG_LEVEL: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize, log: console as any });
const c = await customerCompanies(database.db);
const app = await buildApp({ config, database, tokens: createTokens(config.jwtSecret!), logger: false as any });
const login = await app.inject({ method: 'POST', url: '/api/v1/Auth/Login', payload: { userName: c.email, password: c.password } });
const token = JSON.parse(login.body).data;
const { Session } = await import('node:inspector/promises'); const session = new Session(); session.connect();
for (let i = 0; i < 50; i++) await app.inject({ method: 'GET', url: '/api/v1/Customers?SearchTerm=logistics', headers: { authorization: `Bearer ${token}` } });
await session.post('Profiler.enable'); await session.post('Profiler.start');
for (let i = 0; i < 300; i++) await app.inject({ method: 'GET', url: '/api/v1/Customers?SearchTerm=logistics', headers: { authorization: `Bearer ${token}` } });
const { profile } = await session.post('Profiler.stop') as any;
const self = new Map<string, number>(); const dt = profile.timeDeltas; const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
profile.samples.forEach((id: number, i: number) => { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-2).join('/')}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + (dt[i] ?? 0)); });
console.log([...self].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${(v / 1000).toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
for (const url of [] as string[]) for (let i = 0; i < 3; i++) {
  log = []; const t0 = performance.now();
  const r = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  await new Promise((r) => setTimeout(r, 5));
  console.log(url, r.statusCode, (performance.now() - t0).toFixed(1), 'ms total'); for (const l of log) console.log('   ', l);
}
await app.close(); await database.close();
