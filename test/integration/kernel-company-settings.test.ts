/**
 * Company settings through the kernel routes (schemas README « Company », « CompanySettings », « SMTPSettings »): the
 * numbering preview answered with the company, and the mail server settings (465 / secure by
 * default, password write-only).
 */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createMember, snapshotKernel, type Account } from '../support/kernel.ts';

/** a JSON column as the engine answers it (text on SQLite and MariaDB, parsed on MySQL 8) */
const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describe('kernel: company settings', function () {
  let k: TestKernel;
  let plain: Account;

  before(async function () {
    // a still clock: no session `lastAction` refresh can differ between two snapshots
    const still = new Date(Date.UTC(2026, 6, 1, 9));
    // invoicing declares the numbering kinds `invoice`, `quotation` and `paymentInvoice`
    const plugins = ['contacts', 'catalogue', 'invoicing'].map((p) => path.resolve(import.meta.dirname, '../../plugins', p));
    k = await createTestKernel({ now: () => still, plugins });
    plain = await createMember(k, 'employe@exemple.fr');
  });
  after(async function () { await k?.stop(); });

  const companyPath = () => `/api/kernel/companies/${k.admin.companyId}`;

  describe('numbering', function () {
    it('previews the next numbers with the defaults (7 digits for documents, 1 for counters)', async function () {
      const res = await k.http.get(companyPath());
      expect(res.status).to.equal(200);
      expect(res.body.nextNumbers).to.deep.equal({ invoice: '0000001', quotation: '0000001', paymentInvoice: '1' });
    });

    it('answers the live preview after a change of prefix, digits, suffix and next number', async function () {
      const current = (await k.http.get(companyPath())).body;
      const numbering = structuredClone(current.numbering);
      numbering.invoice = { ...numbering.invoice, prefix: 'FA-', minDigits: 7 };
      numbering.quotation = { next: 42, minDigits: 5, prefix: 'DE', suffix: '/2026' };
      numbering.paymentInvoice = { ...numbering.paymentInvoice, prefix: 'REG-' };
      const res = await k.http.put(companyPath(), { numbering });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body.nextNumbers.invoice).to.equal('FA-0000001');
      expect(res.body.nextNumbers.quotation).to.equal('DE00042/2026');
      expect(res.body.nextNumbers.paymentInvoice).to.equal('REG-1');
      expect(res.body.numbering.invoice).to.deep.equal({ next: 1, minDigits: 7, prefix: 'FA-', suffix: '' });
      // stored: the same on a fresh read
      const again = await k.http.get(companyPath());
      expect(again.body.nextNumbers).to.deep.equal(res.body.nextNumbers);
      // a number longer than minDigits is kept whole
      numbering.invoice = { next: 123456789, minDigits: 7, prefix: 'FA-', suffix: '' };
      const long = await k.http.put(companyPath(), { numbering });
      expect(long.body.nextNumbers.invoice).to.equal('FA-123456789');
    });

    it('refuses invalid numbering settings with 400 naming the field, and changes nothing', async function () {
      const before = await snapshotKernel(k.db);
      const current = (await k.http.get(companyPath())).body;
      const cases: [unknown, string][] = [
        [{ ...current.numbering, invoice: { ...current.numbering.invoice, minDigits: 31 } }, 'numbering.invoice.minDigits'],
        [{ ...current.numbering, invoice: { ...current.numbering.invoice, next: 0 } }, 'numbering.invoice.next'],
        [{ ...current.numbering, invoice: { ...current.numbering.invoice, prefix: 'x'.repeat(256) } }, 'numbering.invoice.prefix'],
        [{ ...current.numbering, avoir: current.numbering.invoice }, 'numbering.avoir'],
        // a kind no loaded plugin declares (the POS's, or a typo)
        [{ ...current.numbering, zReceipt: current.numbering.invoice }, 'numbering.zReceipt'],
      ];
      for (const [numbering, field] of cases) {
        const res = await k.http.put(companyPath(), { numbering });
        expect(res.status, field).to.equal(400);
        expect(res.body.details.map((d: { field: string }) => d.field), field).to.include(field);
        expect(res.body.message).to.include(`« ${field} »`);
      }
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
    });

    it('is changed only by a member allowed to manage the company, in the active company', async function () {
      const res = await plain.http.put(companyPath(), { name: 'Pirate' });
      expect(res.status).to.equal(403);
      const other = await k.http.post('/api/kernel/companies', { name: 'Deuxième' });
      const notActive = await k.http.put(`/api/kernel/companies/${other.body._id}`, { name: 'Deuxième bis' });
      expect(notActive.status).to.equal(403);
      expect(notActive.body.message).to.match(/entreprise active/);
      const active = await k.http.put(`/api/kernel/companies/${other.body._id}`, { name: 'Deuxième bis' }, { company: other.body._id });
      expect(active.status).to.equal(200);
      expect(active.body.name).to.equal('Deuxième bis');
    });
  });

  describe('SMTP settings', function () {
    it('GET answers the spec defaults before anything is saved: port 465, secure', async function () {
      const res = await k.http.get('/api/kernel/smtp-settings');
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ port: 465, secure: true, configured: false });
    });

    it('PUT saves with the defaults and never answers the password', async function () {
      const res = await k.http.put('/api/kernel/smtp-settings', { host: 'smtp.exemple.fr', auth: { user: 'facturation@exemple.fr', pass: 'secret-smtp-123' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ host: 'smtp.exemple.fr', port: 465, secure: true });
      expect(res.body.auth).to.deep.equal({ user: 'facturation@exemple.fr', passSet: true });
      expect(JSON.stringify(res.body)).to.not.include('secret-smtp-123');
      const read = await k.http.get('/api/kernel/smtp-settings');
      expect(read.body).to.include({ host: 'smtp.exemple.fr', port: 465, secure: true });
      expect(read.body.auth).to.deep.equal({ user: 'facturation@exemple.fr', passSet: true });
      expect(JSON.stringify(read.body)).to.not.include('secret-smtp-123');
      // nor anywhere else the company can read
      const log = await k.http.get('/api/kernel/activities', { query: { pagination: { quantity: 500 } } });
      expect(JSON.stringify(log.body)).to.not.include('secret-smtp-123');
      // but it is stored, for the mailer
      const row = await k.db('kernel_smtp_settings').where({ fk_company: k.admin.companyId }).first();
      expect(json(row.auth).pass).to.equal('secret-smtp-123');
    });

    it('PUT without the password keeps the stored one (the form never has it)', async function () {
      const res = await k.http.put('/api/kernel/smtp-settings', { host: 'smtp2.exemple.fr', port: 587, secure: false, auth: { user: 'envoi@exemple.fr' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      expect(res.body).to.include({ host: 'smtp2.exemple.fr', port: 587, secure: false });
      expect(res.body.auth).to.deep.equal({ user: 'envoi@exemple.fr', passSet: true });
      const row = await k.db('kernel_smtp_settings').where({ fk_company: k.admin.companyId }).first();
      expect(json(row.auth)).to.deep.equal({ user: 'envoi@exemple.fr', pass: 'secret-smtp-123' });
      // one record per company
      expect((await k.db('kernel_smtp_settings').where({ fk_company: k.admin.companyId })).length).to.equal(1);
    });

    it('a new password replaces the old one', async function () {
      const res = await k.http.put('/api/kernel/smtp-settings', { auth: { user: 'envoi@exemple.fr', pass: 'nouveau-secret-456' } });
      expect(res.status).to.equal(200);
      expect(JSON.stringify(res.body)).to.not.include('nouveau-secret-456');
      const row = await k.db('kernel_smtp_settings').where({ fk_company: k.admin.companyId }).first();
      expect(json(row.auth).pass).to.equal('nouveau-secret-456');
    });

    it('refuses invalid values with 400 and needs kernel.companies.manage', async function () {
      const before = await snapshotKernel(k.db);
      for (const [body, field] of [[{ port: 0 }, 'port'], [{ port: 70000 }, 'port'], [{ secure: 'oui' }, 'secure'], [{ host: '' }, 'host']] as const) {
        const res = await k.http.put('/api/kernel/smtp-settings', body);
        expect(res.status, field).to.equal(400);
        expect(res.body.details[0].field).to.equal(field);
      }
      expect((await plain.http.get('/api/kernel/smtp-settings')).status).to.equal(403);
      expect((await plain.http.put('/api/kernel/smtp-settings', { host: 'pirate' })).status).to.equal(403);
      expect(await snapshotKernel(k.db)).to.deep.equal(before);
    });

    it('belongs to the company: another company starts from the defaults', async function () {
      const other = await k.http.post('/api/kernel/companies', { name: 'Sans SMTP' });
      const res = await k.http.get('/api/kernel/smtp-settings', { company: other.body._id });
      expect(res.body).to.include({ port: 465, secure: true, configured: false });
      expect(res.body).to.not.have.property('host');
    });
  });
});
