/**
 * Module Federation only provides a shared package that is part of the host's own build: a
 * singleton the shell never imports fails every remote that asks for it (RUNTIME-012). The curated
 * surfaces and the SDK's modules are provided as files, always; each other entry of SHARED_MODULES
 * must therefore be imported somewhere in host/src.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { SHARED_MODULES, HOST_DIR, providedImport } from '@comptoir/sdk/rspack';

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
  const byRequest = SHARED_MODULES.filter((m) => m.request !== 'react/jsx-runtime' && providedImport(m) === m.request).map((m) => m.request);
  it('provides the surfaces and the SDK as files', () => {
    expect(byRequest).to.have.members(['react', 'react-dom', 'react-dom/client', '@tanstack/react-query', '@mantine/form', '@mantine/notifications', 'dayjs']);
  });
  for (const name of byRequest) {
    it(`host/src imports ${name}`, () => {
      const escaped = name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      // a subpath counts for its package (react-dom/client requires react-dom)
      expect(new RegExp(`(from|import\\()\\s*'${escaped}(/[^']*)?'`).test(text), `${name} is shared but never imported by the shell`).to.equal(true);
    });
  }
});
