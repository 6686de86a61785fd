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

interface Command {
  /** Options that must be given; checked before the database is opened. */
  required: string[];
  run(db: Database, options: Options, applied: string[]): Promise<unknown>;
}

const commands: Record<string, Command> = {
  migrate: { required: [], run: async (_db, _o, applied) => ({ applied }) },
  'create-company': {
    required: ['name', 'admin-email', 'admin-password'],
    run: (db, o) => createCompany(db.db, { name: o.name!, adminEmail: o['admin-email']!, adminPassword: o['admin-password']!, adminName: o['admin-name'] }),
  },
  'create-user': {
    required: ['company-id', 'email', 'password', 'role'],
    run: (db, o) => addMember(db.db, { companyId: Number(o['company-id']), email: o.email!, password: o.password!, role: o.role!, name: o.name }),
  },
  'set-password': { required: ['email', 'password'], run: (db, o) => setPassword(db.db, o.email!, o.password!) },
  demo: { required: [], run: (db) => runDemo(db.db) },
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
  for (const name of handler.required) if (!values[name]) throw new Error(`--${name} is required\n${USAGE}`);
  const companyId = values['company-id'];
  if (companyId !== undefined && !/^[1-9]\d{0,9}$/.test(companyId)) throw new Error('--company-id must be a company id');
  const config = loadConfig();
  const quiet = { warn: () => {}, error: (obj: unknown, msg?: string) => process.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) };
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2, log: quiet as never });
  try {
    const applied = await migrateToLatest(database.db);
    const result = await handler.run(database, values as Options, applied);
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
