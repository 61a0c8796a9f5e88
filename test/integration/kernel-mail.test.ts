/**
 * The mailer (platform README « Mail », schemas README « SMTPSettings »): messages are queued in the caller's
 * transaction and delivered after the commit through the company's SMTP server, here a real
 * `smtp-server` on 127.0.0.1; an SMTP outage is retried; a rolled-back call sends nothing; each
 * delivered message writes an `emailSent` activity.
 */
import { expect } from 'chai';
import { createTestKernel, TEST_ADMIN, type TestKernel } from '@comptoir/sdk/testing';
import type { KernelMailer } from '@comptoir/sdk';
import { createMember } from '../support/kernel.ts';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.ts';
import { createMailer } from '../../server/src/mail/mailer.ts';

const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

describe('kernel: mailer', function () {
  let k: TestKernel;
  let smtp: SmtpSink;
  let received: SmtpSink['received'];

  before(async function () {
    smtp = await startSmtpSink({ auth: { user: 'envoi@exemple.fr', pass: 'secret' } });
    received = smtp.received;
    k = await createTestKernel();
    const res = await k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: smtp.port, secure: false, auth: { user: 'envoi@exemple.fr', pass: 'secret' } });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  });
  after(async function () {
    await k?.stop();
    await smtp?.close();
  });
  beforeEach(function () { received.length = 0; smtp.refuseNext(0); });

  const queueRow = (id: string) => k.db('kernel_mail_queue').where('_id', id).first();
  const emailActivities = () => k.db('kernel_activities').where({ type: 'emailSent', fk_company: k.admin.companyId });

  it('sends the French test mail to the caller and records an emailSent activity', async function () {
    const res = await k.http.post('/api/kernel/smtp-settings/test');
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body).to.include({ to: TEST_ADMIN.email, status: 'pending' });
    await k.kernel.mailer.drain();
    expect(received).to.have.length(1);
    expect(received[0].to).to.deep.equal([TEST_ADMIN.email]);
    expect(received[0].from).to.equal('envoi@exemple.fr');
    const { mail } = received[0];
    const text = mail.text ?? '';
    expect(mail.subject).to.equal('Test de votre serveur d’envoi');
    expect(text).to.include('Ce message confirme que le serveur d’envoi de');
    expect(text).to.include('127.0.0.1');
    const company = await k.http.get(`/api/kernel/companies/${k.admin.companyId}`);
    expect(text).to.include(`« ${company.body.name} »`);
    const row = await queueRow(res.body._id);
    expect(row).to.include({ status: 'sent', attempts: 1, lastError: null });
    const acts = await emailActivities();
    const act = acts.find((a: { data: unknown }) => (json(a.data) as { mail: string }).mail === res.body._id);
    expect(act, 'emailSent activity').to.not.equal(undefined);
    expect(json(act.data)).to.deep.include({ to: [TEST_ADMIN.email], subject: 'Test de votre serveur d’envoi' });
    expect(act.fk_by).to.equal(k.admin.userId);
    // visible in the company's activity log
    const log = await k.http.get('/api/kernel/activities', { query: { filters: JSON.stringify({ type: { mode: 'eq', value: 'emailSent' } }) } });
    expect(log.status, JSON.stringify(log.body)).to.equal(200);
    expect(log.body.data.map((a: { _id: string }) => a._id)).to.include(act._id);
  });

  it('retries after a 451 from the server, then delivers', async function () {
    smtp.refuseNext(1);
    const res = await k.http.post('/api/kernel/smtp-settings/test');
    expect(res.status).to.equal(200);
    await k.kernel.mailer.drain();
    expect(received).to.have.length(0);
    const pending = await queueRow(res.body._id);
    expect(pending).to.include({ status: 'pending', attempts: 1 });
    expect(pending.lastError).to.match(/451/);
    expect(new Date(pending.nextAttemptAt).getTime()).to.be.greaterThan(Date.now() + 30_000);
    // not due yet: a round sends nothing
    k.kernel.mailer.kick();
    await k.kernel.mailer.drain();
    expect(received).to.have.length(0);
    // the backoff elapses
    await k.db('kernel_mail_queue').where('_id', res.body._id).update({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() });
    k.kernel.mailer.kick();
    await k.kernel.mailer.drain();
    expect(received).to.have.length(1);
    expect(await queueRow(res.body._id)).to.include({ status: 'sent', attempts: 2, lastError: null });
  });

  it('sends a message once when two kernel processes work the same queue', async function () {
    // a second worker on the same database, as a second process behind a load balancer has
    const other = createMailer({ db: k.db, log: k.kernel.log, clock: { now: () => new Date() }, pollMs: 3_600_000 });
    try {
      const queued: string[] = [];
      for (let i = 0; i < 5; i++) queued.push((await k.http.post('/api/kernel/smtp-settings/test')).body._id as string);
      k.kernel.mailer.kick();
      other.kick();
      await Promise.all([k.kernel.mailer.drain(), other.drain()]);
      expect(received).to.have.length(5);
      const rows = await k.db('kernel_mail_queue').whereIn('_id', queued);
      expect(rows.map((r: { status: string; attempts: number }) => [r.status, Number(r.attempts)])).to.deep.equal(queued.map(() => ['sent', 1]));
      const sent = (await emailActivities()).filter((a: { data: unknown }) => queued.includes((json(a.data) as { mail: string }).mail));
      expect(sent).to.have.length(5);
    } finally {
      await other.stop();
    }
  });

  it('sends nothing when the transaction that queued the mail rolls back', async function () {
    const before = (await k.db('kernel_mail_queue').count({ n: '*' }))[0].n;
    const activitiesBefore = (await emailActivities()).length;
    let err: Error | null = null;
    try {
      await k.kernel.asSystem(k.admin.companyId, async (ctx: { resolve<T>(n: string): T }) => {
        await ctx.resolve<KernelMailer>('mailer').send({ to: 'client@exemple.fr', subject: 'Annulé', text: 'jamais envoyé' });
        throw new Error('annulation');
      });
    } catch (e) { err = e as Error; }
    expect(err?.message).to.equal('annulation');
    k.kernel.mailer.kick();
    await k.kernel.mailer.drain();
    expect(received).to.have.length(0);
    expect((await k.db('kernel_mail_queue').count({ n: '*' }))[0].n).to.equal(before);
    expect((await emailActivities()).length).to.equal(activitiesBefore);
    // the same call committed is delivered, with its attachment
    await k.kernel.asSystem(k.admin.companyId, async (ctx: { resolve<T>(n: string): T }) => {
      await ctx.resolve<KernelMailer>('mailer').send({
        to: ['client@exemple.fr'], subject: 'Votre facture', text: 'Veuillez trouver votre facture ci-jointe.',
        attachments: [{ filename: 'facture.txt', content: Buffer.from('FA-0000001').toString('base64'), contentType: 'text/plain' }],
      });
    });
    await k.kernel.mailer.drain();
    expect(received).to.have.length(1);
    expect(received[0].to).to.deep.equal(['client@exemple.fr']);
    expect(received[0].raw).to.include('facture.txt');
  });

  it('refuses invalid messages from a plugin with 400-style errors', async function () {
    const err = await k.kernel.asSystem(k.admin.companyId, (ctx: { resolve<T>(n: string): T }) =>
      ctx.resolve<KernelMailer>('mailer').send({ to: 'pas-une-adresse', subject: 'x', text: 'y' })).then(() => null, (e: Error) => e);
    expect(err?.message).to.match(/^Destinataire invalide/);
  });

  it('is reserved to members allowed to manage the company, and needs SMTP settings', async function () {
    const plain = await createMember(k, 'employe-mail@exemple.fr');
    const denied = await plain.http.post('/api/kernel/smtp-settings/test');
    expect(denied.status).to.equal(403);
    const other = await k.http.post('/api/kernel/companies', { name: 'Sans SMTP' });
    const res = await k.http.request('POST', '/api/kernel/smtp-settings/test', undefined, { company: other.body._id });
    expect(res.status, JSON.stringify(res.body)).to.equal(409);
    expect(res.body.message).to.match(/serveur d’envoi/);
    expect(received).to.have.length(0);
  });
});
