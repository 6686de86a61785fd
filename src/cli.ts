// The `fds` admin command line as a process (docs/operations.md, "Admin command line"): the
// command of the arguments (src/cli-main.ts), its exit code the process's.
import { runCli } from './cli-main.js';

runCli(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr }).then((code) => process.exit(code));
