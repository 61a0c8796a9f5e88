/**
 * Build smoke test: a tiny plugin remote under .tmp/, built with pluginRemoteConfig through
 * build-clients (rspack's Node API), then skipped while its inputs stay the same.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect } from 'chai';
import { pluginRemoteConfig, remoteName, SHARED_SINGLETONS } from '@comptoir/sdk/rspack';
import { buildTarget, isUpToDate, pluginTarget, STAMP_FILE } from '../src/build-clients.ts';
import { removeDir, tmpDir } from './support.ts';

const APP = `import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { formatMoney, useComptoir } from '@comptoir/sdk/react';

export default function App() {
  const { company } = useComptoir();
  const navigate = useNavigate();
  const [n, setN] = useState(0);
  useQuery({ queryKey: ['essai'], queryFn: async () => 1 });
  return (
    <Stack>
      <Text>{company?.name} : {formatMoney(n)}</Text>
      <Button onClick={() => { setN(n + 1); navigate('.'); }}>Ajouter</Button>
    </Stack>
  );
}
`;

const SETTINGS = `export default function Settings() {
  return <p>Réglages du module essai</p>;
}
`;

function jsFiles(dir: string): string[] {
  return fs.readdirSync(dir).filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f));
}

describe('build-clients: a plugin remote built with pluginRemoteConfig', function () {
  this.timeout(120_000);
  let root: string;
  let pluginDir: string;

  before(() => {
    root = tmpDir('build-clients');
    pluginDir = path.join(root, 'essai-remote');
    fs.mkdirSync(path.join(pluginDir, 'client/src'), { recursive: true });
    fs.writeFileSync(path.join(pluginDir, 'package.json'), JSON.stringify({
      name: '@comptoir-fixture/essai-remote', version: '1.0.0', private: true, type: 'module',
      comptoir: { id: 'essai-remote', sdk: '^0.1.0', menu: [{ label: 'Essai', path: '/essai' }], client: { remote: 'client/dist/remoteEntry.js' } },
    }));
    fs.writeFileSync(path.join(pluginDir, 'client/src/App.tsx'), APP);
    fs.writeFileSync(path.join(pluginDir, 'client/src/Settings.tsx'), SETTINGS);
  });

  after(() => removeDir(root));

  it('names the container after the id and exposes ./App and ./Settings from client/src', () => {
    const config = pluginRemoteConfig(pluginDir);
    expect(remoteName('essai-remote')).to.equal('comptoir_essai_remote');
    expect(config.output?.publicPath).to.equal('/plugins/essai-remote/');
    expect(config.output?.path).to.equal(path.join(pluginDir, 'client/dist'));
    const mf = (config.plugins ?? []).find((p) => p?.constructor?.name === 'ModuleFederationPlugin') as unknown as { _options: { name: string; exposes: Record<string, string>; shared: Record<string, { import?: false; singleton?: boolean }> } };
    expect(mf._options.name).to.equal('comptoir_essai_remote');
    expect(mf._options.exposes).to.deep.equal({ './App': './client/src/App.tsx', './Settings': './client/src/Settings.tsx' });
    for (const name of SHARED_SINGLETONS) {
      expect(mf._options.shared[name], name).to.include({ singleton: true, import: false });
    }
  });

  it('builds mf-manifest.json and remoteEntry.js, without the shared singletons', async () => {
    const result = await buildTarget(pluginTarget(pluginDir));
    expect(result.status, result.error).to.equal('built');
    const dist = path.join(pluginDir, 'client/dist');
    expect(fs.existsSync(path.join(dist, 'remoteEntry.js'))).to.equal(true);
    expect(fs.existsSync(path.join(dist, STAMP_FILE))).to.equal(true);

    const manifest = JSON.parse(fs.readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8'));
    expect(manifest.name).to.equal('comptoir_essai_remote');
    expect(manifest.metaData.publicPath).to.equal('/plugins/essai-remote/');
    expect(manifest.metaData.remoteEntry.name).to.equal('remoteEntry.js');
    expect(manifest.exposes.map((e: { path: string }) => e.path).sort()).to.deep.equal(['./App', './Settings']);
    expect(manifest.shared.map((s: { name: string }) => s.name)).to.include.members(['react', '@mantine/core', '@comptoir/sdk/react', 'react-router']);

    // chunks other than the entry carry a content hash (cached a year by the kernel)
    const chunks = jsFiles(dist).map((f) => path.basename(f)).filter((f) => f !== 'remoteEntry.js');
    expect(chunks.length).to.be.greaterThan(0);
    for (const chunk of chunks) expect(chunk).to.match(/\.[0-9a-f]{8}\.js$/);

    // React, Mantine and the SDK come from the shell: none of their code is in the remote
    const code = jsFiles(dist).map((f) => fs.readFileSync(f, 'utf8')).join('\n');
    expect(code).not.to.contain('react.transitional.element');
    expect(code).not.to.contain('MantineProvider was not found');
    expect(code).not.to.contain('useComptoir() doit être appelé');
    const gzip = jsFiles(dist).reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(f)).length, 0);
    expect(gzip).to.be.below(150 * 1024);
  });

  it('skips a second build while nothing changed, and rebuilds after a source change', async () => {
    const target = pluginTarget(pluginDir);
    expect(isUpToDate(target, 'production')).to.equal(true);
    const again = await buildTarget(target);
    expect(again.status).to.equal('skipped');

    fs.appendFileSync(path.join(pluginDir, 'client/src/Settings.tsx'), '// modifié\n');
    expect(isUpToDate(target, 'production')).to.equal(false);
    const rebuilt = await buildTarget(target);
    expect(rebuilt.status, rebuilt.error).to.equal('built');
    expect(isUpToDate(target, 'production')).to.equal(true);
  });

  it('reports a broken remote as failed, in French, without throwing', async () => {
    const broken = path.join(root, 'casse');
    fs.mkdirSync(path.join(broken, 'client/src'), { recursive: true });
    fs.writeFileSync(path.join(broken, 'package.json'), JSON.stringify({ name: 'casse', version: '1.0.0', comptoir: { id: 'casse', sdk: '^0.1.0' } }));
    fs.writeFileSync(path.join(broken, 'client/src/App.tsx'), "import { nope } from './absent.ts';\nexport default nope;\n");
    const lines: string[] = [];
    const result = await buildTarget(pluginTarget(broken), { log: (l) => lines.push(l) });
    expect(result.status).to.equal('failed');
    expect(result.error).to.match(/absent/);
    expect(lines.join('\n')).to.contain('Client casse : échec de la construction.');
    expect(fs.existsSync(path.join(broken, 'client/dist', STAMP_FILE))).to.equal(false);
  });

  it('refuses, in French, a remote importing what the shell’s shared surface does not offer', async () => {
    const outside = path.join(root, 'hors-surface');
    fs.mkdirSync(path.join(outside, 'client/src'), { recursive: true });
    fs.writeFileSync(path.join(outside, 'package.json'), JSON.stringify({ name: 'hors-surface', version: '1.0.0', comptoir: { id: 'hors-surface', sdk: '^0.1.0' } }));
    fs.writeFileSync(path.join(outside, 'client/src/App.tsx'), [
      "import * as M from '@mantine/core';",
      "import { Button } from '@mantine/core';",
      "import { createBrowserRouter } from 'react-router';",
      'export default function App() { console.log(createBrowserRouter); return <M.Stack><M.AppShell /><Button>ok</Button></M.Stack>; }',
    ].join('\n'));
    const result = await buildTarget(pluginTarget(outside));
    expect(result.status).to.equal('failed');
    expect(result.error).to.contain('client/src/App.tsx importe « AppShell » de @mantine/core, qui ne fait pas partie de la surface partagée par le shell');
    expect(result.error).to.contain('importe « createBrowserRouter » de react-router');
    // Button and Stack are offered
    expect(result.error).not.to.contain('« Button »');
    expect(result.error).not.to.contain('« Stack »');
  });
});
