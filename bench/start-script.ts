// Starts a bench process (a TypeScript script under tsx) and waits for the first JSON line it prints
// on stdout ({"url": ...} and whatever else it reports). Its stderr is kept and told if it exits
// before that line, or passed through (`stderr: 'inherit'`).
import { type ChildProcess, spawn } from 'node:child_process';

export interface Started {
  child: ChildProcess;
  info: Record<string, any>;
}

export function startScript(cwd: string, script: string, env: Record<string, string> = {}, stderr: 'keep' | 'inherit' = 'keep'): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', stderr === 'keep' ? 'pipe' : 'inherit'],
  });
  let err = '';
  child.stderr?.on('data', (d: Buffer) => (err += d));
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve({ child, info: JSON.parse(line) });
    });
    child.on('exit', (code) => reject(new Error(`${cwd}/${script} exited ${code}${err ? ': ' + err.slice(-3000) : ''}`)));
  });
}
