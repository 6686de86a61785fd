// The `fds` admin command line (CONTRACT.md §2). Same configuration as the server; applies pending
// migrations first; prints exactly one JSON object on success; one line on stderr and a non-zero
// exit on failure.
import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { runDemo } from './demo.js';
import { addMember, createCompany, setPassword } from './areas/users/index.js';

const USAGE = `usage: fds <command> [options]
  migrate
  create-company --name NAME --admin-email EMAIL --admin-password PASSWORD
  create-user --company-id ID --email EMAIL --password PASSWORD --role ROLE [--name NAME]
  set-password --email EMAIL --password PASSWORD
  demo`;

type Options = Record<string, string | undefined>;

function required(options: Options, name: string): string {
  const value = options[name];
  if (!value) throw new Error(`--${name} is required\n${USAGE}`);
  return value;
}

const commands: Record<string, (db: Database, options: Options, applied: string[]) => Promise<unknown>> = {
  migrate: async (_db, _options, applied) => ({ applied }),
  'create-company': (db, o) =>
    createCompany(db.db, { name: required(o, 'name'), adminEmail: required(o, 'admin-email'), adminPassword: required(o, 'admin-password'), adminName: o['admin-name'] }),
  'create-user': (db, o) => {
    const companyId = Number(required(o, 'company-id'));
    if (!Number.isInteger(companyId) || companyId < 1) throw new Error('--company-id must be a company id');
    return addMember(db.db, { companyId, email: required(o, 'email'), password: required(o, 'password'), role: required(o, 'role'), name: o.name });
  },
  'set-password': (db, o) => setPassword(db.db, required(o, 'email'), required(o, 'password')),
  demo: (db) => runDemo(db.db),
};

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  const handler = command ? commands[command] : undefined;
  if (!handler) throw new Error(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: Object.fromEntries(
      ['name', 'admin-email', 'admin-password', 'admin-name', 'company-id', 'email', 'password', 'role'].map((n) => [n, { type: 'string' as const }]),
    ),
  });
  const config = loadConfig();
  const quiet = { warn: () => {}, error: (obj: unknown, msg?: string) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2, log: quiet as never });
  try {
    const applied = await migrateToLatest(database.db);
    const result = await handler(database, values as Options, applied);
    process.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    await database.close();
  }
}

run(process.argv.slice(2)).then(
  () => process.exit(0),
  (err: unknown) => {
    const message = err instanceof Error ? err.message : String(err);
    process.stderr.write(`fds: ${message.split('\n')[0]}\n`);
    process.exit(1);
  },
);
