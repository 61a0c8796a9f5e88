/**
 * `kernel.storedFiles` (server/src/platform/README.md « Files and attachments »): the files a plugin
 * produces and keeps for the active company — stored through the kernel's storage under
 * `<company>/plugin-<owner>/<name>`, listed per owner and company, never served by the public
 * attachment URLs, and refused outside the key grammar.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { kernelServices, type CallContext, type KernelStoredFiles } from '@comptoir/sdk';

interface FileStorage { get(key: string): Promise<Buffer | null> }

describe('plateforme : fichiers produits par les extensions (kernel.storedFiles)', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let other: string;
  const inCompany = <T>(companyId: string, fn: (files: KernelStoredFiles) => Promise<T>): Promise<T> =>
    // the kernel's own call: the service by its name (plugins reach it as `kernelServices.storedFiles`)
    k.kernel.asSystem(companyId, (ctx: CallContext) => fn(ctx.resolve<KernelStoredFiles>(kernelServices.storedFiles.id.replace('kernel.', ''))));

  before(async () => {
    k = await createTestKernel();
    other = (await k.http.post('/api/kernel/companies', { name: 'Autre entreprise' })).body._id;
  });
  after(async () => { await k?.stop(); });

  it('garde les octets par entreprise et par extension, les liste, les retire', async () => {
    const bytes = Buffer.from('%PDF-1.7 facture figée');
    await inCompany(k.admin.companyId, (files) => files.put('invoicing', 'einvoice-1.pdf', bytes));
    await inCompany(k.admin.companyId, (files) => files.put('invoicing', 'einvoice-2.xml', Buffer.from('<x/>')));
    const storage: FileStorage = k.kernel.container.resolve('storage');
    expect((await storage.get(`${k.admin.companyId}/plugin-invoicing/einvoice-1.pdf`))!.equals(bytes)).to.equal(true);
    expect((await inCompany(k.admin.companyId, (files) => files.get('invoicing', 'einvoice-1.pdf')))!.equals(bytes)).to.equal(true);
    expect((await inCompany(k.admin.companyId, (files) => files.list('invoicing'))).sort()).to.deep.equal(['einvoice-1.pdf', 'einvoice-2.xml']);
    expect(await inCompany(k.admin.companyId, (files) => files.list('invoicing', 'einvoice-1'))).to.deep.equal(['einvoice-1.pdf']);
    // another company, another owner: nothing of these
    expect(await inCompany(other, (files) => files.get('invoicing', 'einvoice-1.pdf'))).to.equal(null);
    expect(await inCompany(other, (files) => files.list('invoicing'))).to.deep.equal([]);
    expect(await inCompany(k.admin.companyId, (files) => files.list('purchases'))).to.deep.equal([]);

    await inCompany(k.admin.companyId, (files) => files.remove('invoicing', 'einvoice-2.xml'));
    await inCompany(k.admin.companyId, (files) => files.remove('invoicing', 'absent.xml'));
    expect(await inCompany(k.admin.companyId, (files) => files.list('invoicing'))).to.deep.equal(['einvoice-1.pdf']);
  });

  it('ne les sert jamais par les adresses publiques des pièces jointes', async () => {
    for (const path of [
      `/attachment/${k.admin.companyId}/plugin-invoicing/einvoice-1.pdf`,
      `/attachment/${k.admin.companyId}/plugin-invoicing/einvoice-1.pdf/original`,
    ]) {
      const res = await fetch(new URL(path, k.url));
      expect(res.status, path).to.be.within(400, 404);
      expect((await res.arrayBuffer()).byteLength === 0 || res.headers.get('content-type')?.includes('json'), path).to.equal(true);
    }
  });

  it('refuse un nom ou une extension hors de la grammaire des clés (une erreur de programmation)', async () => {
    for (const [owner, name] of [['invoicing', '../x'], ['invoicing', 'a/b'], ['invoicing', '.cache'], ['Invoicing', 'x'], ['../kernel', 'x']]) {
      let failure = '';
      try {
        await inCompany(k.admin.companyId, (files) => files.put(owner, name, Buffer.from('x')));
      } catch (e) {
        failure = (e as Error).message;
      }
      expect(failure, `${owner} / ${name}`).to.match(/^(stored files: |invalid storage key)/);
    }
  });
});
