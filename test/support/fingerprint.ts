import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';

/** relative path -> sha256 and mtime of every file under `dir` (empty when it does not exist). */
export function fingerprint(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    if (!fs.existsSync(d)) return;
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) out.set(path.relative(dir, p), `${createHash('sha256').update(fs.readFileSync(p)).digest('hex')} ${fs.statSync(p).mtimeMs}`);
    }
  };
  walk(dir);
  return out;
}
