/**
 * The confirmation e-mail in French with its ICS (a real SMTP server), the cancellation link used
 * by the visitor, and §4: coming bookings checked again when a room's hours or resources, or its
 * establishment's hours, change — invalid ones marked, the company notified.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { startSmtpSink, type SmtpSink } from '../../../test/support/smtp-sink.ts';
import { API, booked, bootKernel, clock, createBooker, createRoom, hours, ok } from './support.ts';

describe('booking : e-mails, ICS et revalidation (§4)', function () {
  this.timeout(180_000);
  let k: TestKernel;
  let smtp: SmtpSink;
  let adult: string;

  before(async () => {
    clock.at = '2026-11-30T07:00:00.000Z';
    smtp = await startSmtpSink();
    k = await bootKernel();
    adult = (await createBooker(k.http, 'Adulte'))._id;
    await ok(k.http.put('/api/kernel/smtp-settings', { host: '127.0.0.1', port: smtp.port, secure: false }));
  });
  after(async () => { await k?.stop(); await smtp?.close(); });
  const delivered = async () => { await k.kernel.mailer.drain(); return smtp.take(); };
  const notices = async () => (await k.db('kernel_notifications').select('title', 'content')).map((n: { title: string; content: string }) => `${n.title} — ${n.content}`);

  it('envoie la confirmation en français avec un fichier ICS, puis l’annulation par le lien', async () => {
    const room = await createRoom(k.http, { name: 'Studio Bleu' });
    const b = await booked(k.http, room._id, adult, '2026-12-01T09:00:00.000Z', { email: 'claire@exemple.fr', comment: 'Avec un pupitre' });
    const [mail, ...others] = await delivered();
    expect(others).to.have.length(0);
    expect(mail.to).to.deep.equal(['claire@exemple.fr']);
    expect(mail.mail.subject).to.match(/^Réservation confirmée — Studio Bleu — /);
    const text = (mail.mail.text ?? '').replace(/\u00a0|\u202f/g, ' ');
    expect(text).to.contain('Bonjour Claire Dubois,');
    expect(text).to.contain('Votre réservation de « Studio Bleu » est confirmée pour le mardi 1 décembre 2026 à 10:00 (fin à 11:00).');
    expect(text).to.contain('Montant : 10,00 € TTC.');
    const link = /Pour annuler : (\S+)/.exec(text)?.[1];
    expect(link).to.match(/\/api\/booking\/public\/page\?company=[0-9a-f]{24}&cancel=[A-Za-z0-9_-]{32}$/);
    const [ics] = mail.mail.attachments;
    expect(ics.filename).to.equal('reservation.ics');
    expect(ics.contentType).to.equal('text/calendar');
    const body = ics.content.toString('utf8').replace(/\r\n[ \t]/g, '');
    expect(body).to.match(/^BEGIN:VCALENDAR\r\n/);
    expect(body).to.contain('METHOD:REQUEST');
    expect(body).to.contain(`UID:${b._id}@comptoir`);
    expect(body).to.contain('DTSTART:20261201T090000Z');
    expect(body).to.contain('DTEND:20261201T100000Z');
    expect(body).to.contain('SUMMARY:Réservation Studio Bleu — ');
    expect(body).to.contain('STATUS:CONFIRMED');
    expect(body).to.contain('Commentaire : Avec un pupitre');

    const key = new URL(link!).searchParams.get('cancel')!;
    const anonymous = k.http.as(null, k.admin.companyId);
    const cancelled = await ok(anonymous.post(`${API}/public/bookings/cancel`, { key }));
    expect(cancelled).to.deep.include({ _id: b._id, status: 'cancelled' });
    const again = await anonymous.post(`${API}/public/bookings/cancel`, { key });
    expect(again.status).to.equal(409);
    const [cancelMail] = await delivered();
    expect(cancelMail.mail.subject).to.match(/^Réservation annulée — Studio Bleu/);
    const cancelIcs = cancelMail.mail.attachments[0].content.toString('utf8');
    expect(cancelIcs).to.contain('METHOD:CANCEL');
    expect(cancelIcs).to.contain('STATUS:CANCELLED');
    expect(cancelIcs).to.contain(`UID:${b._id}@comptoir`);
  });

  it('§4 : des horaires raccourcis rendent invalides les réservations qui n’y tiennent plus, et l’entreprise est prévenue', async () => {
    const room = await createRoom(k.http, { name: 'Salle Verte' });
    const early = await booked(k.http, room._id, adult, '2026-12-04T08:00:00.000Z', { name: 'Tôt' });
    const late = await booked(k.http, room._id, adult, '2026-12-04T15:00:00.000Z', { name: 'Tard' });
    const updated = await ok(k.http.put(`${API}/rooms/${room._id}`, { regularHours: hours(9, 12) }));
    expect(updated.invalidated.map((i: { _id: string }) => i._id)).to.deep.equal([late._id]);
    const lateNow = await ok(k.http.get(`${API}/bookings/${late._id}`));
    expect(lateNow).to.include({ status: 'invalid', invalidReason: 'La salle n’est pas ouverte pendant toute la durée demandée.' });
    expect((await ok(k.http.get(`${API}/bookings/${early._id}`))).status).to.equal('confirmed');
    expect(await notices()).to.include('Une réservation n’est plus valable — Salle « Salle Verte » : Tard (04/12/2026 16:00) : La salle n’est pas ouverte pendant toute la durée demandée.');
    // its slot is free again
    await booked(k.http, room._id, adult, '2026-12-04T10:00:00.000Z');
  });

  it('§4 : des minutes de début changées, des ressources retirées', async () => {
    const room = await createRoom(k.http, {
      name: 'Bowling', oneBookingPerSlotOnly: false, sharedRessources: [{ name: 'Piste 1', uuid: 'p1', groupingCode: 'piste', maxBookers: 8 }, { name: 'Piste 2', uuid: 'p2', groupingCode: 'piste', maxBookers: 8 }],
    });
    const a = await booked(k.http, room._id, adult, '2026-12-05T09:00:00.000Z', { name: 'A' });
    const b = await booked(k.http, room._id, adult, '2026-12-05T09:00:00.000Z', { name: 'B', quantity: [{ booker: adult, quantity: 8 }] });
    const c = await booked(k.http, room._id, adult, '2026-12-05T10:15:00.000Z', { name: 'C' });
    expect(a.sharedResourcesUUIds).to.deep.equal(['p1']);
    expect(b.sharedResourcesUUIds).to.deep.equal(['p2']);
    const res = await ok(k.http.put(`${API}/rooms/${room._id}`, { reservationMinuteStartsAllowed: [0], sharedRessources: [{ name: 'Piste 2', uuid: 'p2', groupingCode: 'piste', maxBookers: 10 }] }));
    // A lost its lane and moves to the remaining one, which holds B's 8 and A's 1 (9 of 10); C starts at a quarter
    expect(res.invalidated.map((i: { name: string }) => i.name)).to.deep.equal(['C']);
    const aNow = await ok(k.http.get(`${API}/bookings/${a._id}`));
    expect(aNow).to.include({ status: 'confirmed' });
    expect(aNow.sharedResourcesUUIds).to.deep.equal(['p2']);
    expect((await ok(k.http.get(`${API}/bookings/${c._id}`))).invalidReason).to.equal('Ce début n’est pas sur une minute autorisée.');
  });

  it('§4 : les horaires de l’établissement changent, les salles qui les suivent revérifient leurs réservations', async () => {
    const est = await ok(k.http.post('/api/kernel/establishments', { name: 'Maison des associations', regularHours: hours(9, 18) }), 201);
    const room = await createRoom(k.http, { name: 'Salle du conseil', useEstablishmentHours: true, fk: { establishment: est._id } });
    const b = await booked(k.http, room._id, adult, '2026-12-07T15:00:00.000Z', { name: 'Conseil' });
    await ok(k.http.put(`/api/kernel/establishments/${est._id}`, { regularHours: hours(9, 12) }));
    let status = '';
    for (let i = 0; i < 50 && status !== 'invalid'; i++) {
      status = (await ok(k.http.get(`${API}/bookings/${b._id}`))).status;
      if (status !== 'invalid') await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).to.equal('invalid');
    expect((await notices()).some((n) => n.includes('Salle « Salle du conseil » : Conseil'))).to.equal(true);
  });
});
