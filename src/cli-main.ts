// The `fds` admin command line (docs/operations.md, "Admin command line"). Same configuration as the server; applies pending
// migrations first (a line on stderr for each); prints exactly one JSON object on success; one line
// on stderr and a non-zero exit on failure. `runCli` is the command line without its process
// (src/cli.ts is the process): the tests run most commands in theirs.

import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parseArgs } from 'node:util';
import { addMember, createCompany, setPassword } from './areas/users/index.js';
import type { Config } from './config.js';
import { loadConfig } from './config.js';
import { type Database, openDatabase } from './db/database.js';
import { migrateToLatest, migrationStatus } from './db/migrate.js';

const USAGE = `usage: fds <command> [options]
  migrate [--status]
  create-company --name NAME --admin-email EMAIL [--admin-password PASSWORD]
  create-user --company-id ID --email EMAIL [--password PASSWORD] --role ROLE [--name NAME]
  set-password --email EMAIL [--password PASSWORD]
  demo
A password left out is read from FDS_PASSWORD, else from the first line of standard input
(\`--password -\` reads standard input too): arguments show in ps and shell history.`;

/** Options that carry a password (never required on the command line). */
const PASSWORD_OPTIONS = ['password', 'admin-password'];

type Options = Record<string, string | undefined>;

interface Command {
  /** Options that must be given; checked before the database is opened. */
  required: string[];
  run(db: Database, options: Options, applied: string[], config: Config): Promise<unknown>;
}

/** Where a command reads and writes: the process's own, or a test's. */
export interface CliIo {
  /** The environment the configuration is read from (the process's when left out). */
  env?: NodeJS.ProcessEnv;
  stdin: Readable;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
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
  demo: {
    required: [],
    // The demo attaches papers to orders: they go to the configured file store, as the server's do.
    // Loaded only for this command: it brings every area (and PDF and image libraries) with it,
    // about a second of every other command's start.
    run: async (db, _o, _a, config) => {
      const [{ runDemo }, { openFileStore }] = await Promise.all([import('./demo.js'), import('./integrations/storage/index.js')]);
      return runDemo(db.db, openFileStore({ dataDir: config.dataDir, storageUrl: config.storageUrl }));
    },
  },
};

/** Runs one command: its exit code (0, or 1 after one line on stderr). */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  try {
    await run(argv, io);
    return 0;
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    io.stderr.write(`fds: ${message.split('\n')[0]}\n`);
    return 1;
  }
}

async function run(argv: string[], io: CliIo): Promise<void> {
  const [command, ...rest] = argv;
  const handler = command ? commands[command] : undefined;
  if (!handler) throw new Error(command ? `unknown command "${command}"\n${USAGE}` : USAGE);
  const {
    values: { status, ...given },
  } = parseArgs({
    args: rest,
    strict: true,
    options: {
      ...Object.fromEntries(
        ['name', 'admin-email', 'admin-password', 'admin-name', 'company-id', 'email', 'password', 'role'].map((n) => [n, { type: 'string' as const }]),
      ),
      status: { type: 'boolean' as const },
    },
  });
  const values = given as Options;
  if (status && command !== 'migrate') throw new Error(`--status is an option of migrate\n${USAGE}`);
  const config = loadConfig(io.env);
  for (const name of PASSWORD_OPTIONS) {
    if (values[name] === '-' || (values[name] === undefined && handler.required.includes(name))) {
      values[name] = values[name] !== '-' && config.cliPassword ? config.cliPassword : await firstLineOfInput(io.stdin);
    }
  }
  for (const name of handler.required) if (!values[name]) throw new Error(`--${name} is required\n${USAGE}`);
  const companyId = values['company-id'];
  if (companyId !== undefined && !/^[1-9]\d{0,9}$/.test(companyId)) throw new Error('--company-id must be a company id');
  const quiet = { warn: () => {}, error: (obj: unknown, msg?: string) => io.stderr.write(`${msg ?? ''} ${JSON.stringify(obj)}\n`) };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    declared: config.databaseDistributed,
    dataDir: config.dataDir,
    poolSize: 2,
    log: quiet as never,
  });
  try {
    if (status) {
      io.stdout.write(JSON.stringify(await migrationStatus(database.db)) + '\n');
      return;
    }
    // Progress on stderr (stdout carries the one JSON answer).
    const applied = await migrateToLatest(database.db, (name, ms) => io.stderr.write(`fds: applied ${name} in ${ms} ms\n`), config.databaseDistributed);
    const result = await handler.run(database, values, applied, config);
    io.stdout.write(JSON.stringify(result) + '\n');
  } finally {
    await database.close();
  }
}

/** The first line of standard input (a password piped in, or typed), without its line end. */
function firstLineOfInput(input: Readable): Promise<string> {
  return new Promise((resolve) => {
    const lines = createInterface({ input, terminal: false });
    let line = '';
    lines.once('line', (first) => {
      line = first;
      lines.close();
    });
    lines.once('close', () => resolve(line));
  });
}
