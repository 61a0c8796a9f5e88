/**
 * Runs `loop` under V8's CPU profiler when `out` names a file, and writes the profile there (open it
 * in Chrome DevTools, Performance): only the loop, not the boot before it. Answers the loop's
 * wall time in milliseconds.
 */
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';

export async function profiled(out: string | undefined, loop: () => Promise<void>): Promise<number> {
  const session = new Session();
  if (out) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  const started = performance.now();
  await loop();
  const ms = performance.now() - started;
  if (out) {
    const { profile } = await session.post('Profiler.stop');
    await writeFile(out, JSON.stringify(profile));
    session.disconnect();
  }
  return ms;
}
