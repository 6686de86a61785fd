// BENCH_PROFILE=DIR: each SIGUSR2 starts, then stops, a CPU profile of this process, written to
// DIR/NAME-N.cpuprofile (V8's sampling profiler, as node --cpu-prof, but of the load only, not of the
// start). Summarise one with bench/profile-summary.mjs.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export async function profileOnSignal(name: string): Promise<void> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return;
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_PROFILE_INTERVAL_US ?? 100) });
  let running = false;
  let n = 0;
  process.on('SIGUSR2', async () => {
    if (!running) {
      running = true;
      await session.post('Profiler.start');
      return;
    }
    running = false;
    const { profile } = await session.post('Profiler.stop');
    const file = join(dir, `${name}-${++n}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    process.stderr.write(`profile written: ${file}\n`);
  });
}
