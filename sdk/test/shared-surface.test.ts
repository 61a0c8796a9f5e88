import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { SHARED_MODULES, SURFACE_DIR, hostShared, remoteShared, sharedSurfaces, surfaceExports, surfaceViolations } from '../src/rspack/index.ts';

describe('shared surface: what a remote may import from the shell', () => {
  it('reads the names a surface file re-exports, comments and renames included', () => {
    const names = surfaceExports(`/** doc { Nope } */\nexport {\n  // layout\n  Box, Stack as Pile,\n  Text, // the text\n} from '@mantine/core';\nexport { useX } from './x.ts';\n`);
    expect([...names].sort()).to.deep.equal(['Box', 'Pile', 'Text', 'useX']);
  });

  it('has a surface file for every curated module, and lists what the plugins of this repository use', () => {
    const surfaces = sharedSurfaces();
    expect([...surfaces.keys()].sort()).to.deep.equal(['@mantine/core', '@mantine/dates', '@mantine/hooks', 'react-router']);
    for (const m of SHARED_MODULES.filter((x) => x.surface)) expect(fs.existsSync(path.join(SURFACE_DIR, m.surface!)), m.surface).to.equal(true);
    for (const name of ['Button', 'Table', 'Modal', 'Select', 'TextInput', 'Stepper', 'Tabs']) expect(surfaces.get('@mantine/core')!.has(name), name).to.equal(true);
    // the shell's frame and theming stay the shell's
    for (const name of ['AppShell', 'MantineProvider', 'createTheme']) expect(surfaces.get('@mantine/core')!.has(name), name).to.equal(false);
  });

  it('names each import outside a surface once, in French, and accepts the others and uncurated modules', () => {
    const surfaces = new Map([['@mantine/core', new Set(['Button'])]]);
    const found = surfaceViolations([
      { file: 'client/src/App.tsx', request: '@mantine/core', name: 'Button' },
      { file: 'client/src/App.tsx', request: '@mantine/core', name: 'AppShell' },
      { file: 'client/src/App.tsx', request: '@mantine/core', name: 'AppShell' },
      { file: 'client/src/App.tsx', request: 'react', name: 'useState' },
    ], surfaces);
    expect(found).to.deep.equal([
      'client/src/App.tsx importe « AppShell » de @mantine/core, qui ne fait pas partie de la surface partagée par le shell '
        + '(sdk/src/surface/ ; voir sdk/README-client.md « The shared surface »).',
    ]);
  });

  it('makes the shell provide every shared module under its own name without consuming any, and the remotes consume them all', () => {
    const host = hostShared();
    const remote = remoteShared();
    for (const m of SHARED_MODULES) {
      const provided = Object.values(host).find((e) => e.shareKey === m.request);
      expect(provided, m.request).to.include({ singleton: true });
      // no config key is a request someone writes: the shell's own imports are direct, tree-shaken
      expect(Object.keys(host)).not.to.include(m.request);
      if (m.surface) expect(provided!.import).to.equal(path.join(SURFACE_DIR, m.surface));
      expect(remote[m.request], m.request).to.include({ singleton: true, import: false });
    }
  });
});
