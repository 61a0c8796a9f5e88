/**
 * Sending an invitation's link by e-mail (POST /api/kernel/invitations/:id/send) through the
 * company's SMTP server, here a real `smtp-server` on 127.0.0.1: one French message per address,
 * with the link of the page the administrator works on (of COMPTOIR_PUBLIC_URL when set); the key
 * must be the invitation's current one; no SMTP settings is a 409; each delivery writes an emailSent activity.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { createInvitation } from '../support/invitations.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';

const ORIGIN = 'https://comptoir.boulangerie.fr';

describe('kernel: invitations sent by e-mail', function () {
  let k: TestKernel;
  let smtp: SmtpSink;
  let received: SmtpSink['received'];

  before(async function () {
    smtp = await startSmtpSink();
    received = smtp.received;
    k = await createTestKernel();
  });
  after(async function () {
    await k?.stop();
    await smtp?.close();
  });

  const send = (id: string, body: Record<string, unknown>) => k.http.post(`/api/kernel/invitations/${id}/send`, body, { headers: { Origin: ORIGIN } });

  it('refuses to send before the company has SMTP settings (409), queueing nothing', async function () {
    const inv = await createInvitation(k, { name: 'Sans serveur' });
    const res = await send(inv._id, { key: inv.key, emails: ['paul@exemple.fr'] });
    expect(res.status).to.equal(409);
    expect(res.body.message).to.match(/^Enregistrez d’abord les paramètres du serveur d’envoi/);
    expect(await k.db('kernel_mail_queue')).to.have.length(0);
  });

  it('sends one French message per address, with the link, and records an emailSent activity each', async function () {
    const port = smtp.port;
    expect((await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port, secure: false })).status).to.equal(200);
    const role = await k.http.post('/api/kernel/roles', { name: 'Vendeur', permissions: [] });
    const inv = await createInvitation(k, { name: 'Vendeurs du samedi', fk: { roles: [role.body._id] } });
    const res = await send(inv._id, { key: inv.key, emails: ['paul@exemple.fr', 'lea@exemple.fr'] });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.deep.equal({ queued: 2, to: ['paul@exemple.fr', 'lea@exemple.fr'] });
    await k.kernel.mailer.drain();
    expect(received.map((r) => r.to)).to.have.deep.members([['paul@exemple.fr'], ['lea@exemple.fr']]);
    const link = `${ORIGIN}/invitation/${inv.key}`;
    for (const r of received) {
      expect(r.mail.text).to.include(link);
      expect(r.mail.html).to.include(`href="${link}"`);
    }
    const company = (await k.http.get(`/api/kernel/companies/${k.admin.companyId}`)).body.name as string;
    const rows = await k.db('kernel_mail_queue').orderBy('_id');
    expect(rows.map((r: { status: string }) => r.status)).to.deep.equal(['sent', 'sent']);
    expect(rows[0].subject).to.equal(`Invitation à rejoindre ${company} sur Comptoir`);
    expect(rows[0].text).to.include(`vous invite à rejoindre « ${company} » sur Comptoir (invitation « Vendeurs du samedi »).`);
    expect(rows[0].text).to.include('Rôles proposés : Vendeur.');
    expect(rows[0].text).to.include(link);
    const sentActs = await k.db('kernel_activities').where({ type: 'emailSent', fk_company: k.admin.companyId });
    expect(sentActs).to.have.length(2);
  });

  it('builds the link on COMPTOIR_PUBLIC_URL when set, whatever Origin the caller sends', async function () {
    received.length = 0;
    const other = await createTestKernel({ env: { COMPTOIR_PUBLIC_URL: 'https://comptoir.boulangerie.fr/' } });
    try {
      const port = smtp.port;
      expect((await other.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port, secure: false })).status).to.equal(200);
      const inv = await createInvitation(other, { name: 'Lien officiel' });
      const res = await other.http.post(`/api/kernel/invitations/${inv._id}/send`, { key: inv.key, emails: ['paul@exemple.fr'] }, { headers: { Origin: 'https://pirate.example' } });
      expect(res.status, JSON.stringify(res.body)).to.equal(200);
      await other.kernel.mailer.drain();
      const [row] = await other.db('kernel_mail_queue');
      expect(row.text).to.include(`https://comptoir.boulangerie.fr/invitation/${inv.key}`);
      expect(row.text + row.html).to.not.include('pirate.example');
    } finally {
      await other.stop();
    }
  });

  it('refuses a key that is not the invitation’s current one (400), and bad addresses (400), sending nothing', async function () {
    received.length = 0;
    const inv = await createInvitation(k, { name: 'Lien renouvelé' });
    const renewed = await k.http.post(`/api/kernel/invitations/${inv._id}/key`);
    const old = await send(inv._id, { key: inv.key, emails: ['paul@exemple.fr'] });
    expect(old.status).to.equal(400);
    expect(old.body).to.deep.include({ message: 'Ce lien n’est plus celui de l’invitation : créez un nouveau lien pour l’envoyer.', details: [{ field: 'key', message: 'lien remplacé' }] });
    for (const emails of [[], ['pas-une-adresse'], ['a@exemple.fr', 'a@exemple.fr']]) {
      const res = await send(inv._id, { key: renewed.body.key, emails });
      expect(res.status, JSON.stringify(emails)).to.equal(400);
      expect(res.body.details[0].field).to.match(/^emails/);
    }
    await k.kernel.mailer.drain();
    expect(received).to.have.length(0);
    expect(await k.db('kernel_mail_queue')).to.have.length(2);
  });
});
