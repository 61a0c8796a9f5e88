/**
 * What a restore takes from an archive (server/src/backup/archive.ts): the manifest's paths are
 * checked (an archive made elsewhere cannot point the dump or the kept copy outside), and only
 * files and folders are extracted (no link pointing out of DATA_DIR/files).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import * as tar from 'tar';
import { extractArchive, readManifest, type BackupManifest } from '../src/backup/archive.ts';

const manifest = (over: Record<string, unknown> = {}, backup: Record<string, unknown> = {}): BackupManifest => ({
  format: 'comptoir-backup', formatVersion: 1, engine: 'sqlite', version: '0.1.0', database: 'database.sqlite',
  backup: { _id: '0123456789abcdef01234567', name: 'comptoir-20260701-110000', serverName: 'ici', date: '2026-07-01T09:00:00.000Z', storageSize: 0, databaseSize: 1, createdBy: null, ...backup },
  ...over,
} as BackupManifest);

describe('backup archives', function () {
  let dir: string;
  beforeEach(function () { dir = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-archive-')); });
  afterEach(function () { fs.rmSync(dir, { recursive: true, force: true }); });

  /** An archive of `entries` (paths relative to `src`) with `m` as its manifest. */
  async function archiveOf(m: BackupManifest, build: (src: string) => string[] = () => []): Promise<string> {
    const src = path.join(dir, 'src');
    fs.mkdirSync(src, { recursive: true });
    fs.writeFileSync(path.join(src, 'manifest.json'), JSON.stringify(m));
    fs.writeFileSync(path.join(src, 'database.sqlite'), 'base');
    const file = path.join(dir, 'archive.tar.gz');
    await tar.c({ file, gzip: true, cwd: src, portable: true }, ['manifest.json', 'database.sqlite', ...build(src)]);
    return file;
  }

  it('reads the manifest of a well-formed archive', async function () {
    expect((await readManifest(await archiveOf(manifest()))).backup.name).to.equal('comptoir-20260701-110000');
  });

  it('refuses a manifest whose dump file or backup name would lead out of place, in French', async function () {
    const cases: [BackupManifest, RegExp][] = [
      [manifest({ database: '../../etc/passwd' }), /fichier de base « \.\.\/\.\.\/etc\/passwd » au lieu de « database\.sqlite »/],
      [manifest({ database: 'database.sql' }), /au lieu de « database\.sqlite »/],
      [manifest({ engine: 'postgres' }), /moteur « postgres » inconnu/],
      [manifest({ engine: 'toString' }), /moteur « toString » inconnu/],
      [manifest({}, { name: '../../../root/.bashrc' }), /nom de sauvegarde « \.\.\/\.\.\/\.\.\/root\/\.bashrc » invalide/],
      [manifest({ backup: undefined }), /nom de sauvegarde « undefined » invalide/],
    ];
    for (const [m, message] of cases) {
      let error: Error | null = null;
      try { await readManifest(await archiveOf(m)); } catch (e) { error = e as Error; }
      expect(error?.name, JSON.stringify(m)).to.equal('BackupError');
      expect(error!.message).to.match(/^Archive refusée : le manifest\.json de archive\.tar\.gz est invalide/).and.match(message);
    }
  });

  it('extracts files and folders, never links', async function () {
    const file = await archiveOf(manifest(), (src) => {
      fs.mkdirSync(path.join(src, 'files', 'docs'), { recursive: true });
      fs.writeFileSync(path.join(src, 'files', 'docs', 'facture.pdf'), 'pdf');
      fs.symlinkSync('/etc/passwd', path.join(src, 'files', 'docs', 'lien'));
      fs.linkSync(path.join(src, 'files', 'docs', 'facture.pdf'), path.join(src, 'files', 'dur.pdf'));
      return ['files'];
    });
    const types = new Map<string, string>();
    await tar.t({ file, onReadEntry: (e) => { types.set(e.path, e.type); } });
    // of the two names of the hard-linked file, the one read second is the link
    const [plain, hard] = ['files/docs/facture.pdf', 'files/dur.pdf'].sort((a, b) => (types.get(a) === 'Link' ? 1 : 0) - (types.get(b) === 'Link' ? 1 : 0));
    expect([types.get('files/docs/lien'), types.get(plain), types.get(hard)]).to.deep.equal(['SymbolicLink', 'File', 'Link']);
    const out = path.join(dir, 'out');
    await extractArchive(file, out);
    expect(fs.readFileSync(path.join(out, plain), 'utf8')).to.equal('pdf');
    expect(fs.existsSync(path.join(out, 'database.sqlite'))).to.equal(true);
    expect(() => fs.lstatSync(path.join(out, 'files', 'docs', 'lien'))).to.throw(/ENOENT/);
    expect(() => fs.lstatSync(path.join(out, hard))).to.throw(/ENOENT/);
  });
});
