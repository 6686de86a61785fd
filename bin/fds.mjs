#!/usr/bin/env node
// `npx fds <command>` where the package is installed: the admin CLI from the built dist/.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const build = fileURLToPath(new URL('../scripts/build.mjs', import.meta.url));
const built = spawnSync(process.execPath, [build], { stdio: ['ignore', 2, 2] });
if (built.status !== 0) process.exit(built.status ?? 1);
await import('../dist/cli.js');
