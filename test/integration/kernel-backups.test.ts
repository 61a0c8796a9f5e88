/**
 * Backups (platform README « Backups ») as a round-trip: data made through the API (users, two companies,
 * an establishment with hours, groups, an indexed user property and a customer carrying its value,
 * customers, an item, two emitted invoices and a payment, an invitation and a request through it,
 * kept notifications, notification preferences, an uploaded image whose variant was made, a stored
 * file), a backup made by the route and downloaded, restored by `npm run restore` into a fresh
 * empty database and data folder, a kernel booted on it: the same GET answers, byte for byte, and
 * the files' bytes (the cached variant too). Also: server administrators only (a company « Administrateur » gets 403), bad
 * input refused with nothing written, a non-empty target refused unless --force.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import * as tar from 'tar';
import { createTestKernel, throwawayDatabase, TestHttp, type TestKernel, type ThrowawayDatabase } from '@comptoir/sdk/testing';
import { createKernel, loadConfig } from '@comptoir/server';
import { attachmentUrl, type Attachment } from '@comptoir/schemas';
import { formatSize } from '@comptoir/sdk';
import { createMember, createSecondCompany, snapshotKernel, type Account, type SecondCompany } from '../support/kernel.ts';
import { joinWithAccount } from '../support/invitations.ts';
import { samples } from '../support/images.ts';
import { senderOf, upload } from '../support/upload.ts';
import { PLUGINS, emitted, makeEligible, pay } from '../../plugins/invoicing/test/support.ts';
import { childEnv, databaseEnv, runNode } from '../../tools/test/support.ts';
import { readManifest } from '../../server/src/backup/archive.ts';
import { restoreBackup } from '../../server/src/backup/restore.ts';

const BACKUPS = '/api/kernel/backups';
const NOW = new Date(Date.UTC(2026, 6, 1, 9));
const FILE_KEY = 'documents/2026/07/facture-fournisseur.pdf';
const FILE_BYTES = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a, 0x00, 0xff, 0xfe, 0x80, ...Buffer.from('Contenu été €')]);

/** Bytes under DATA_DIR/files: the test's file plus what the shared fixtures uploaded. */
function storedBytes(dataDir: string): number {
  const root = path.join(dataDir, 'files');
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((rel) => fs.statSync(path.join(root, rel)))
    .filter((st) => st.isFile())
    .reduce((sum, st) => sum + st.size, 0);
}

interface Storage { put(key: string, data: Buffer): Promise<void>; get(key: string): Promise<Buffer | null> }

describe('kernel: backups', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let b: SecondCompany;
  let companyAdmin: Account;
  let target: ThrowawayDatabase;
  let archive: string;
  let backupId: string;
  let variant: { url: string; bytes: Buffer };
  const paths: string[] = [];

  before(async function () {
    k = await createTestKernel({ plugins: PLUGINS, now: () => NOW });
    b = await createSecondCompany(k, 's');
    companyAdmin = await createMember(k, 'gerante@exemple.fr', { firstname: 'Gérante' });
    // god in her own company, never over the server
    const own = await companyAdmin.http.post('/api/kernel/companies', { name: 'Atelier de la Gérante' });
    expect(own.status).to.equal(201);
    companyAdmin = { ...companyAdmin, http: companyAdmin.http.as(companyAdmin.token, own.body._id) };
    target = await throwawayDatabase();
  });
  after(async function () {
    await k?.stop();
    await target?.drop();
  });

  it('makes data through the API, and a stored file', async function () {
    await makeEligible(k);
    const shop = await k.http.post('/api/kernel/establishments', {
      name: 'Boutique du centre', address: { address: '1 rue de la Paix', zipCode: '75002', city: 'Paris' }, tels: [{ value: '01 02 03 04 05' }],
      regularHours: [{ days: ['MONDAY', 'TUESDAY', 'WENESDAY', 'THURSDAY', 'FRIDAY'], openTimes: [{ start: '08:30', end: '12:30' }, { start: '14:00', end: '19:00' }] }],
      specialHours: [{ startDate: '2026-07-14', endDate: '2026-07-14', name: 'Fête nationale' }],
    });
    expect(shop.status, JSON.stringify(shop.body)).to.equal(201);
    const pro = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'Professionnels', color: '#1c7ed6' });
    const resto = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'Restaurants', fk: { parent: pro.body._id } });
    await k.http.put('/api/kernel/group-settings', { pluginIdentifier: 'contacts.customers', maxDepth: 3 });
    // indexed: on MariaDB a generated column and its index, which the dump must carry
    const day = await k.http.post('/api/kernel/user-props', {
      name: 'Jour de livraison', variable: 'livraison', pluginIdentifier: 'contacts.customers', type: 'select', index: true, filter: true,
      selectOptions: [{ label: 'Mardi', value: 'TUESDAY', hidden: false }, { label: 'Vendredi', value: 'FRIDAY', hidden: false }], listPlacement: 'end',
    });
    expect(day.status, JSON.stringify(day.body)).to.equal(201);
    const customer = await k.http.post('/api/contacts/customers', {
      company: 'Brasserie du Port', name: 'Le Goff', email: 'compta@brasserie.fr',
      addresses: [{ address: '2 quai de la Douane', zipCode: '29200', city: 'Brest' }], fk: { groups: [resto.body._id] }, userProps: { livraison: 'FRIDAY' },
    });
    expect(customer.status, JSON.stringify(customer.body)).to.equal(201);
    await k.http.post('/api/contacts/customers', { company: 'Café des Halles', userProps: { livraison: 'TUESDAY' }, fk: { groups: [pro.body._id] } });
    const particuliers = await k.http.post('/api/kernel/groups', { pluginIdentifier: 'contacts.customers', name: 'Particuliers', color: '#2f9e44' });
    expect(particuliers.status).to.equal(201);
    const fridays = `/api/contacts/customers?filters=${encodeURIComponent(JSON.stringify({ 'userProps.livraison': { mode: 'eq', value: 'FRIDAY' } }))}`
      + `&sort=${encodeURIComponent(JSON.stringify({ field: 'userProps.livraison', ascending: false }))}`;
    expect((await k.http.get(fridays)).body.data.map((c: { company: string }) => c.company)).to.deep.equal(['Brasserie du Port']);

    const invitation = await k.http.post('/api/kernel/invitations', { name: 'Vendeuses', description: 'Pour l’équipe du magasin', maxUsage: 3 });
    expect(invitation.status, JSON.stringify(invitation.body)).to.equal(201);
    const request = await joinWithAccount(k, invitation.body.key, 'vendeuse@exemple.fr', { description: 'Je commence lundi' });
    expect(request.status, JSON.stringify(request.body)).to.equal(200);
    const kept = await k.http.post('/api/kernel/notifications', {
      recipients: [k.admin.userId], title: 'Inventaire vendredi', content: 'Comptez les sacs de farine.', liveOnly: false, priority: 'high',
      choices: [{ title: 'Voir les articles', url: '/api/catalogue/items' }],
    });
    expect(kept.status, JSON.stringify(kept.body)).to.equal(201);
    await k.http.post(`/api/kernel/notifications/${kept.body.data[0]._id}/read`);
    const prefs = await k.http.put('/api/kernel/notification-preferences', { preferences: [{ pushNotification: 'kernel.messages', email: false, push: false }] });
    expect(prefs.status, JSON.stringify(prefs.body)).to.equal(200);

    const image = (await samples()).png;
    const file = await upload(senderOf(k), [image], { name: 'Vitrine', description: 'Photo de la vitrine' });
    expect(file.status, JSON.stringify(file.body)).to.equal(201);
    const url = attachmentUrl(file.body.attachments[0] as Attachment, 'w64');
    const made = await fetch(new URL(url, k.url));
    expect(made.status).to.equal(200);
    variant = { url, bytes: Buffer.from(await made.arrayBuffer()) };
    await k.http.post('/api/contacts/contacts', { firstname: 'Yann', name: 'Le Goff', customers: [{ customerId: customer.body._id, invoicesReceiver: true }] });
    const item = await k.http.post('/api/catalogue/items', { name: 'Pain de campagne', inclTaxesPrice: 4.2, vat: 5.5 });
    expect(item.status).to.equal(201);
    const invoice = await emitted(k.http, { fk: { receiverCustomer: customer.body._id } });
    await pay(k.http, invoice._id, 3);
    await emitted(k.http);
    await b.owner.http.post('/api/kernel/groups', { pluginIdentifier: 'kernel.establishments', name: 'Dépôts' });
    await (k.kernel.container.resolve('storage') as Storage).put(FILE_KEY, FILE_BYTES);
    paths.push(
      '/api/auth/me', `/api/kernel/companies/${k.admin.companyId}`, '/api/kernel/companies', '/api/kernel/company-settings', '/api/kernel/server-settings',
      '/api/kernel/users', '/api/kernel/roles', '/api/kernel/sessions', '/api/kernel/access-tokens', '/api/kernel/profile',
      `/api/kernel/activities?pagination=${encodeURIComponent('{"quantity":500}')}`,
      '/api/kernel/establishments', `/api/kernel/establishments/${shop.body._id}`,
      `/api/kernel/establishments/${shop.body._id}/opening?from=2026-07-10T00:00:00%2B02:00&to=2026-07-17T00:00:00%2B02:00`,
      '/api/kernel/groups', '/api/kernel/groups/tree?pluginIdentifier=contacts.customers', '/api/kernel/group-settings',
      '/api/contacts/customers', `/api/contacts/customers/${customer.body._id}`, '/api/contacts/contacts', '/api/contacts/providers',
      '/api/catalogue/items', '/api/invoicing/invoices', `/api/invoicing/invoices/${invoice._id}`, '/api/invoicing/payments',
      '/api/kernel/user-props', `/api/kernel/user-props/${day.body._id}`, `/api/kernel/user-props/${b.userPropId}`, fridays,
      '/api/kernel/invitations', `/api/kernel/invitations/${invitation.body._id}`, `/api/kernel/invitations/${b.invitationId}`,
      '/api/kernel/invitation-requests', `/api/kernel/invitation-requests/${request.body.request._id}`, `/api/kernel/invitation-requests/${b.invitationRequestId}`,
      '/api/kernel/notifications', '/api/kernel/notifications/unread', `/api/kernel/notifications/${kept.body.data[0]._id}`, `/api/kernel/notifications/${b.notificationId}`,
      '/api/kernel/notification-preferences', '/api/kernel/push-notifications',
      '/api/kernel/files', `/api/kernel/files/${file.body._id}`, `/api/kernel/files/${b.fileId}`,
    );
  });

  it('is for server administrators only: a company « Administrateur » and a member get 403 on every backup route', async function () {
    const me = await companyAdmin.http.get('/api/auth/me');
    expect(me.body.roles.map((r: { name: string; god: boolean }) => [r.name, r.god])).to.deep.equal([['Administrateur', true]]);
    const plain = await createMember(k, 'employe-sauvegarde@exemple.fr');
    const before = await snapshotKernel(k.db);
    for (const h of [companyAdmin.http, plain.http, b.owner.http]) {
      for (const [method, p] of [['GET', BACKUPS], ['POST', BACKUPS], ['GET', `${BACKUPS}/0123456789abcdef01234567`], ['GET', `${BACKUPS}/0123456789abcdef01234567/download`], ['DELETE', `${BACKUPS}/0123456789abcdef01234567`]]) {
        const res = await h.request(method, p, method === 'POST' ? {} : undefined);
        expect(res.status, `${method} ${p}`).to.equal(403);
        expect(res.body.message).to.equal('Permission requise : kernel.backups.manage.');
      }
    }
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
    expect(fs.existsSync(path.join(k.kernel.config.dataDir, 'backups'))).to.equal(false);
  });

  it('refuses bad input with a 4xx and writes nothing', async function () {
    const before = await snapshotKernel(k.db);
    for (const label of ['Avant MAJ', '../../etc', '', 'x'.repeat(41)]) {
      const res = await k.http.post(BACKUPS, { label });
      expect(res.status, label).to.equal(400);
      expect(res.body.details[0].field).to.equal('label');
    }
    expect((await k.http.post(BACKUPS, { nom: 'x' })).body.details).to.deep.include({ field: 'nom', message: 'champ inconnu' });
    expect((await k.http.get(`${BACKUPS}/pas-un-id`)).status).to.equal(400);
    expect((await k.http.get(`${BACKUPS}/0123456789abcdef01234567/download`)).status).to.equal(404);
    expect((await k.http.delete(`${BACKUPS}/0123456789abcdef01234567`)).status).to.equal(404);
    expect(await snapshotKernel(k.db)).to.deep.equal(before);
    expect(fs.existsSync(path.join(k.kernel.config.dataDir, 'backups'))).to.equal(false);
  });

  it('makes a backup (Backup entity with the sizes) and downloads its archive', async function () {
    const res = await k.http.post(BACKUPS, { label: 'essai' });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    backupId = res.body._id;
    expect(res.body).to.deep.include({ name: 'comptoir-20260701-110000-essai', date: NOW.toISOString(), storageSize: storedBytes(k.kernel.config.dataDir) });
    expect(res.body.serverName).to.be.a('string').and.not.equal('');
    expect(res.body.databaseSize).to.be.greaterThan(10_000);
    expect(res.body.metadata.createdBy).to.equal(k.admin.userId);
    const list = await k.http.get(BACKUPS);
    expect(list.body.data.map((x: { _id: string }) => x._id)).to.deep.equal([backupId]);
    const download = await fetch(`${k.url}${BACKUPS}/${backupId}/download`, { headers: { Authorization: `Bearer ${k.admin.token}` } });
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-type')).to.equal('application/gzip');
    expect(download.headers.get('content-disposition')).to.equal('attachment; filename="comptoir-20260701-110000-essai.tar.gz"');
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.subarray(0, 2)).to.deep.equal(Buffer.from([0x1f, 0x8b]));
    archive = path.join(target.dataDir, '..', `${path.basename(target.dataDir)}-archive.tar.gz`);
    fs.writeFileSync(archive, bytes);
    const entries: string[] = [];
    await tar.t({ file: archive, onReadEntry: (e) => { entries.push(e.path); } });
    expect(entries).to.include.members(['manifest.json', k.db.client.config.client === 'mysql2' ? 'database.sql' : 'database.sqlite', `files/${FILE_KEY}`]);
    // a second backup in the same second gets its own name
    const again = await k.http.post(BACKUPS, { label: 'essai' });
    expect(again.body.name).to.equal('comptoir-20260701-110000-essai-2');
    expect((await k.http.delete(`${BACKUPS}/${again.body._id}`)).status).to.equal(204);
    expect(fs.existsSync(path.join(k.kernel.config.dataDir, 'backups', 'comptoir-20260701-110000-essai-2.tar.gz'))).to.equal(false);
    expect((await k.http.get(`${BACKUPS}/${again.body._id}`)).status).to.equal(404);
  });

  it('makes two backups asked at the same instant under two names, each archive its own', async function () {
    const both = await Promise.all([k.http.post(BACKUPS, { label: 'double' }), k.http.post(BACKUPS, { label: 'double' })]);
    expect(both.map((r) => r.status), JSON.stringify(both.map((r) => r.body))).to.deep.equal([201, 201]);
    expect(both.map((r) => r.body.name).sort()).to.deep.equal(['comptoir-20260701-110000-double', 'comptoir-20260701-110000-double-2']);
    for (const r of both) {
      const manifest = await readManifest(path.join(k.kernel.config.dataDir, 'backups', `${r.body.name}.tar.gz`));
      expect(manifest.backup).to.deep.include({ _id: r.body._id, name: r.body.name });
      expect((await k.http.delete(`${BACKUPS}/${r.body._id}`)).status).to.equal(204);
    }
  });

  it('restores into an empty database and data folder: a kernel booted on it answers the same, file bytes included', async function () {
    const run = await runNode(['--import', 'tsx', 'tools/src/restore.ts', archive], childEnv(databaseEnv(target)));
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.match(/Sauvegarde « comptoir-20260701-110000-essai » du 1 juillet 2026 à 11:00:00 .* restaurée\./);
    const config = loadConfig({ DATA_DIR: target.dataDir, LOG_LEVEL: 'silent', ...(target.url ? { DATABASE_URL: target.url } : {}) });
    const restored = await createKernel({ config, pluginDirs: PLUGINS, clock: { now: () => NOW } });
    try {
      const { url } = await restored.listen(0, '127.0.0.1');
      const views: [TestHttp, TestHttp][] = [
        [k.http, new TestHttp(url, k.admin.token, k.admin.companyId)],
        [b.owner.http, new TestHttp(url, b.owner.token, b.companyId)],
      ];
      let compared = 0;
      for (const [source, copy] of views) {
        for (const p of [...paths, BACKUPS, `${BACKUPS}/${backupId}`]) {
          const [x, y] = [await source.get(p), await copy.get(p)];
          expect(y.status, `${p}: ${JSON.stringify(y.body)}`).to.equal(x.status);
          expect(y.body, p).to.deep.equal(x.body);
          if (x.status === 200) compared++;
        }
      }
      expect(compared).to.be.greaterThan(70);
      const mine = await views[0][1].get('/api/kernel/notifications');
      expect(mine.body.data.map((n: { title: string }) => n.title)).to.include('Inventaire vendredi');
      expect((await views[0][1].get('/api/kernel/invitation-requests')).body.data.map((r: { userEmail: string; status: string }) => [r.userEmail, r.status]))
        .to.deep.include(['vendeuse@exemple.fr', 'pending']);
      // the variant made before the backup came back with it: served from storage, not made again
      expect(await restored.container.resolve<Storage>('storage').get(variant.url.replace(/^\/attachment\//, ''))).to.deep.equal(variant.bytes);
      const again = await fetch(new URL(variant.url, url));
      expect(again.status).to.equal(200);
      expect(Buffer.from(await again.arrayBuffer())).to.deep.equal(variant.bytes);
      const invoices = await views[0][1].get('/api/invoicing/invoices');
      expect(invoices.body.count).to.equal(2);
      expect(invoices.body.data.map((i: { status: string }) => i.status).sort()).to.deep.equal(['emitted', 'partially_paid']);
      expect(await restored.container.resolve<Storage>('storage').get(FILE_KEY)).to.deep.equal(FILE_BYTES);
      const download = await fetch(`${url}${BACKUPS}/${backupId}/download`, { headers: { Authorization: `Bearer ${k.admin.token}` } });
      expect(Buffer.from(await download.arrayBuffer())).to.deep.equal(fs.readFileSync(archive));
    } finally {
      await restored.stop();
    }
  });

  it('refuses a non-empty target in French, unless --force', async function () {
    const refused = await runNode(['--import', 'tsx', 'tools/src/restore.ts', archive], childEnv(databaseEnv(target)));
    expect(refused.code).to.equal(1);
    expect(refused.stderr.trim()).to.match(/^Restauration impossible : Restauration refusée : la base .* contient déjà des tables et le dossier .*files n’est pas vide\. .* --force/);
    const forced = await runNode(['--import', 'tsx', 'tools/src/restore.ts', archive, '--force'], childEnv(databaseEnv(target)));
    expect(forced.code, forced.stderr).to.equal(0);
    const notOurs = path.join(target.dataDir, 'pas-une-sauvegarde.tar.gz');
    fs.writeFileSync(notOurs, 'bonjour');
    const unreadable = await runNode(['--import', 'tsx', 'tools/src/restore.ts', notOurs, '--force'], childEnv(databaseEnv(target)));
    expect(unreadable.code).to.equal(1);
    expect(unreadable.stderr).to.match(/Archive illisible : pas-une-sauvegarde\.tar\.gz n’est pas une sauvegarde Comptoir/);
  });

  it('answers a clear French 409 when the MySQL dump tool is missing (MariaDB only)', async function () {
    if (k.db.client.config.client !== 'mysql2') this.skip(); // SQLite needs no external tool
    const saved = process.env.PATH;
    process.env.PATH = path.join(target.dataDir, 'sans-outils');
    try {
      const res = await k.http.post(BACKUPS, {});
      expect(res.status).to.equal(409);
      expect(res.body.message).to.equal('Sauvegarde de la base MySQL/MariaDB impossible : ni mariadb-dump ni mysqldump n’est installé sur ce serveur (paquet Debian « mariadb-client »).');
    } finally {
      process.env.PATH = saved;
    }
    expect((await k.http.get(BACKUPS)).body.count).to.equal(1);
  });

  it('never runs the shell commands of the mysql client found in a dump (MariaDB only)', async function () {
    if (k.db.client.config.client !== 'mysql2') this.skip(); // SQLite restores by copying the file
    const fresh = await throwawayDatabase();
    try {
      const marker = path.join(fresh.dataDir, 'commande-executee');
      const src = path.join(fresh.dataDir, 'archive');
      fs.mkdirSync(src);
      const backup = { _id: '0123456789abcdef01234567', name: 'comptoir-20260701-110000', serverName: 'ailleurs', date: NOW.toISOString(), storageSize: 0, databaseSize: 1, createdBy: null };
      fs.writeFileSync(path.join(src, 'manifest.json'), JSON.stringify({ format: 'comptoir-backup', formatVersion: 1, engine: 'mysql', version: '0.1.0', database: 'database.sql', backup }));
      fs.writeFileSync(path.join(src, 'database.sql'), `CREATE TABLE piege (x INT);\n\\! touch ${marker}\nsystem touch ${marker}\n`);
      const hostile = path.join(fresh.dataDir, 'piege.tar.gz');
      await tar.c({ file: hostile, gzip: true, cwd: src }, ['manifest.json', 'database.sql']);
      let error: Error | null = null;
      try {
        await restoreBackup({ archive: hostile, dataDir: path.join(fresh.dataDir, 'donnees'), databaseUrl: fresh.url });
      } catch (e) { error = e as Error; }
      expect(error?.message).to.match(/^mariadb a échoué .*Unknown command '\\!'/);
      expect(fs.existsSync(marker)).to.equal(false);
    } finally {
      await fresh.drop();
    }
  });

  it('npm run backup makes one from the command line, server running, and records it', async function () {
    const env = childEnv({ DATA_DIR: k.kernel.config.dataDir, ...(k.kernel.config.databaseUrl ? { DATABASE_URL: k.kernel.config.databaseUrl } : {}) });
    const bad = await runNode(['--import', 'tsx', 'tools/src/backup.ts', '--label', 'Pas Bon'], env);
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(/^Sauvegarde impossible : étiquette invalide « Pas Bon »/);
    const run = await runNode(['--import', 'tsx', 'tools/src/backup.ts', '--label', 'manuelle'], env);
    expect(run.code, run.stderr).to.equal(0);
    const file = /Sauvegarde créée : (\S+\.tar\.gz)/.exec(run.stdout)?.[1];
    expect(file, run.stdout).to.match(/comptoir-\d{8}-\d{6}-manuelle\.tar\.gz$/);
    const stored = storedBytes(k.kernel.config.dataDir);
    expect(stored).to.be.greaterThan(FILE_BYTES.length);
    // the SDK's one way to write a size (platform README « Platform rules and constants »): « 3,6 Ko »
    expect(run.stdout).to.include(`fichiers : ${formatSize(stored)}.`);
    expect(run.stdout).to.match(/fichiers : \d+(,\d)?\u00a0Ko\./);
    const listed = (await k.http.get(BACKUPS, { query: { filters: { name: { mode: 'contains', value: 'manuelle' } } } })).body.data;
    expect(listed).to.have.length(1);
    expect(listed[0]).to.deep.include({ storageSize: stored, name: path.basename(file!, '.tar.gz') });
    expect(listed[0].metadata.createdBy).to.equal(null);
    expect((await k.http.delete(`${BACKUPS}/${listed[0]._id}`)).status).to.equal(204);
    expect(fs.existsSync(file!)).to.equal(false);
  });

  it('deletes a backup and its archive', async function () {
    expect((await k.http.delete(`${BACKUPS}/${backupId}`)).status).to.equal(204);
    expect((await k.http.get(BACKUPS)).body.count).to.equal(0);
    expect(fs.readdirSync(path.join(k.kernel.config.dataDir, 'backups')).filter((f) => !f.startsWith('.'))).to.deep.equal([]);
    fs.rmSync(archive, { force: true });
  });
});
