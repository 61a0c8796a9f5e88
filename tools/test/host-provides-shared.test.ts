/**
 * Module Federation only provides a shared module that is part of the host's own build: a
 * singleton the shell never imports fails every remote that asks for it (RUNTIME-012). Each entry
 * of SHARED_SINGLETONS must therefore be imported somewhere in host/src (statically, or lazily in
 * `providedToRemotes`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { SHARED_SINGLETONS, HOST_DIR } from '@comptoir/sdk/rspack';

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.(ts|tsx)$/.test(e.name) ? [fs.readFileSync(p, 'utf8')] : [];
  });
}

describe('shell: provides every shared singleton', () => {
  const text = sources(path.join(HOST_DIR, 'src')).join('\n');
  // the automatic JSX runtime is imported by the compiler, not by the source
  for (const name of SHARED_SINGLETONS.filter((n) => n !== 'react/jsx-runtime')) {
    it(`host/src imports ${name}`, () => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      // a subpath counts for its package (react-dom/client requires react-dom)
      expect(new RegExp(`(from|import\\()\\s*'${escaped}(/[^']*)?'`).test(text), `${name} is shared but never imported by the shell`).to.equal(true);
    });
  }
});
