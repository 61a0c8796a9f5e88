/**
 * Cash registers end to end (README « Cash registers », « Opening and closing », « Event log »):
 * CRUD with numbering, opening and closing with verifications, cash movements, the chained event
 * log, and French refusals that write nothing.
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import type { CashRegister, CashRegisterVerification, PosEvent } from '../schemas/index.ts';
import { ALREADY_OPEN, LOCKED, MORE_THAN_COUNTED, NOT_ENOUGH_CASH, NOT_OPEN, USED_NOT_DELETABLE } from '../server/messages.ts';
import { API, bootKernel, cash, createRegister, ok, rowCounts } from './support.ts';

type Session = { cashRegister: CashRegister; verification: CashRegisterVerification };

describe('pos : caisses', function () {
  this.timeout(60_000);
  let k: TestKernel;
  before(async () => { k = await bootKernel(); });
  after(async () => { await k?.stop(); });

  it('crée des caisses numérotées par leur compteur, fermées, qui comptent par coupure', async () => {
    const a = await createRegister(k, { name: 'Caisse 1', description: 'Près de la porte' });
    const b = await createRegister(k, { name: 'Terrasse', useCashDetails: false });
    expect(a).to.include({ name: 'Caisse 1', status: 'closed', locked: false, useCashDetails: true });
    expect(b.number).to.equal(a.number + 1);
    expect(a.numberFull).to.equal(String(a.number));
    expect(a.cash).to.deep.equal({ currency: 'euro', details: [] });
    expect(b.cash).to.deep.equal({ currency: 'euro', customAmount: 0 });
    const list = await ok(k.http.get(`${API}/cash-registers`, { query: { filters: { name: { mode: 'contains', value: 'terr' } } } }));
    expect(list.data.map((r: CashRegister) => r._id)).to.deep.equal([b._id]);
    const renamed = await ok<CashRegister>(k.http.put(`${API}/cash-registers/${b._id}`, { name: 'Terrasse (été)' }));
    expect(renamed.name).to.equal('Terrasse (été)');
    expect((await k.http.delete(`${API}/cash-registers/${b._id}`)).status).to.equal(204);
  });

  it('vérifie l’établissement et le serveur d’impression (400 en français, rien d’écrit)', async () => {
    const before = await rowCounts(k);
    const unknown = '0123456789abcdef01234567';
    const est = await k.http.post(`${API}/cash-registers`, { name: 'X', fk: { establishment: unknown } });
    expect(est.status).to.equal(400);
    expect(est.body.message).to.match(/fk\.establishment/);
    const printer = await k.http.post(`${API}/cash-registers`, { name: 'X', posPrinterId: unknown });
    expect(printer.status).to.equal(400);
    const room = await k.http.post(`${API}/cash-registers`, { name: 'X', fk: { room: unknown } });
    expect(room.status).to.equal(400);
    const status = await k.http.post(`${API}/cash-registers`, { name: 'X', status: 'opened' });
    expect(status.status).to.equal(400);
    expect((await k.http.post(`${API}/cash-registers`, { name: '' })).status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
    const establishment = await ok(k.http.post('/api/kernel/establishments', { name: 'Boutique du centre' }), 201);
    const withIt = await createRegister(k, { fk: { establishment: establishment._id } });
    expect(withIt.fk.establishment).to.equal(establishment._id);
  });

  it('ouvre, enregistre entrées et sorties, clôture : attendu, réel, écart, détails', async () => {
    const r = await createRegister(k, { name: 'Boulangerie' });
    const opened = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([0.5, 6], [20, 2], [10, 1]), comment: 'Fond de caisse' }));
    expect(opened.cashRegister).to.include({ status: 'opened' });
    expect(opened.cashRegister.cash).to.deep.equal(cash([20, 2], [10, 1], [0.5, 6]));
    expect(opened.verification).to.include({ status: 'opening', expectedAmount: 0, realAmount: 53, difference: 53, comment: 'Fond de caisse' });

    const inMove = await ok(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'in', reason: 'Monnaie de la banque', cash: cash([2, 10], [1, 10]) }), 201);
    expect(inMove.movement).to.include({ type: 'in', amount: 30 });
    const outMove = await ok(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: 'Achat de farine', cash: cash([20, 1], [0.5, 1]) }), 201);
    expect(outMove.cashRegister.cash).to.deep.equal(cash([20, 1], [10, 1], [2, 10], [1, 10], [0.5, 5]));

    // expected 53 + 30 − 20,50 = 62,50; counted 62,40
    const closed = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/close`, {
      cash: cash([20, 1], [10, 1], [2, 10], [1, 10], [0.5, 4], [0.2, 2]), comment: 'Il manque 10 centimes',
      newAmountDetails: cash([2, 10], [1, 10]),
    }));
    expect(closed.verification).to.include({ status: 'closing', expectedAmount: 62.5, realAmount: 62.4, difference: -0.1 });
    expect(closed.verification.inOutDetails.map((m) => [m.type, m.amount, m.reason])).to.deep.equal([
      ['in', 30, 'Monnaie de la banque'], ['out', 20.5, 'Achat de farine'],
    ]);
    expect(closed.verification.fk.opening).to.equal(opened.verification._id);
    expect(closed.cashRegister).to.include({ status: 'closed' });
    expect(closed.cashRegister.cash).to.deep.equal(cash([2, 10], [1, 10]));

    // the next opening expects what was left
    const again = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([2, 10], [1, 9]) }));
    expect(again.verification).to.include({ expectedAmount: 30, realAmount: 29, difference: -1 });
    const verifications = await ok(k.http.get(`${API}/verifications`, { query: { filters: { 'fk.cashRegister': { mode: 'eq', value: r._id } }, sort: { field: 'date', ascending: true } } }));
    expect(verifications.count).to.equal(3);
    // frozen: no route writes them, and an opened register cannot be deleted
    expect((await k.http.put(`${API}/verifications/${opened.verification._id}`, { comment: 'x' })).status).to.equal(404);
    expect((await k.http.delete(`${API}/cash-registers/${r._id}`)).status).to.equal(409);
    await ok(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([2, 10], [1, 9]) }));
    const refused = await k.http.delete(`${API}/cash-registers/${r._id}`);
    expect(refused.status).to.equal(409);
    expect(refused.body.message).to.equal(USED_NOT_DELETABLE);
  });

  it('refuse l’état impossible (409) et le comptage invalide (400), sans rien écrire', async () => {
    const r = await createRegister(k);
    const custom = await createRegister(k, { useCashDetails: false });
    const before = await rowCounts(k);
    const expectRefusal = async (call: Promise<{ status: number; body: { code: string; message: string; details?: { field: string }[] } }>, status: number, message?: string | RegExp, field?: string) => {
      const res = await call;
      expect(res.status, JSON.stringify(res.body)).to.equal(status);
      if (typeof message === 'string') expect(res.body.message).to.equal(message);
      else if (message) expect(res.body.message).to.match(message);
      if (field) expect(res.body.details?.map((d) => d.field)).to.include(field);
    };
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([10, 1]) }), 409, NOT_OPEN);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'in', reason: 'x', cash: cash([10, 1]) }), 409, NOT_OPEN);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([3, 1]) }), 400, /n’est pas une coupure/, 'cash.details.0.unit');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: { customAmount: 20 } }), 400, /par coupure/, 'cash.customAmount');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: {} }), 400, /détail des espèces/);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, -1]) }), 400, undefined, 'cash.details.0.quantity');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1.5]) }), 400);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, {}), 400, undefined, 'cash');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]), extra: 1 }), 400);
    await expectRefusal(k.http.post(`${API}/cash-registers/${custom._id}/open`, { cash: { customAmount: 12.345 } }), 400, /2 décimales/);
    await expectRefusal(k.http.post(`${API}/cash-registers/not-an-id/open`, { cash: cash([10, 1]) }), 400);
    await expectRefusal(k.http.post(`${API}/cash-registers/0123456789abcdef01234567/open`, { cash: cash([10, 1]) }), 404);
    expect(await rowCounts(k)).to.deep.equal(before);

    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1], [1, 2]) }));
    const opened = await rowCounts(k);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }), 409, ALREADY_OPEN);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: 'Banque', cash: cash([5, 1]) }), 409, NOT_ENOUGH_CASH);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: '', cash: cash([1, 1]) }), 400, undefined, 'reason');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: 'x', cash: cash([1, 0]) }), 400, /nul/);
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'sideways', reason: 'x', cash: cash([1, 1]) }), 400, undefined, 'type');
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([10, 1]), newAmountDetails: cash([1, 3]) }), 409, MORE_THAN_COUNTED);
    await expectRefusal(k.http.put(`${API}/cash-registers/${r._id}`, { useCashDetails: false }), 409);
    expect(await rowCounts(k)).to.deep.equal(opened);

    await ok(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([10, 1], [1, 2]) }));
    await ok(k.http.put(`${API}/cash-registers/${r._id}`, { locked: true }));
    await expectRefusal(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([10, 1]) }), 409, LOCKED);
  });

  it('une caisse sans comptage par coupure compte un montant', async () => {
    const r = await createRegister(k, { useCashDetails: false });
    const opened = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: { customAmount: 100 } }));
    expect(opened.cashRegister.cash).to.deep.equal({ currency: 'euro', customAmount: 100 });
    await ok(k.http.post(`${API}/cash-registers/${r._id}/movements`, { type: 'out', reason: 'Dépôt banque', cash: { customAmount: 60.5 } }), 201);
    const closed = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: { customAmount: 39.5 } }));
    expect(closed.verification).to.include({ expectedAmount: 39.5, realAmount: 39.5, difference: 0 });
  });

  it('écrit l’ouverture et la clôture au journal, chaîné, et la vérification d’intégrité le parcourt', async () => {
    const r = await createRegister(k, { name: 'Journal' });
    const o = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([50, 1]) }));
    const c = await ok<Session>(k.http.post(`${API}/cash-registers/${r._id}/close`, { cash: cash([50, 1]) }));
    const events = await ok(k.http.get(`${API}/events`, { query: { filters: { 'fk.cashRegister': { mode: 'eq', value: r._id } }, sort: { field: 'number', ascending: true } } }));
    expect(events.data.map((e: PosEvent) => [e.code, e.fk.object])).to.deep.equal([
      ['register.opened', o.verification._id], ['register.closed', c.verification._id],
    ]);
    expect(events.data[1].number).to.equal(events.data[0].number + 1);
    expect(events.data[1].label).to.match(/^Clôture de la caisse \d+ \(Journal\) : 50,00 € attendus, 50,00 € comptés, écart 0,00 € ; ticket Z \d+$/);
    const integrity = await ok(k.http.get(`${API}/integrity`));
    expect(integrity).to.deep.include({ valid: true, firstBroken: null });
    expect(integrity.checked).to.be.greaterThan(2);
    const platform = await ok(k.http.get('/api/kernel/integrity'));
    expect(platform.chains.map((ch: { id: string }) => ch.id)).to.include('pos.events');
  });

  it('une modification du journal en SQL est trouvée et nommée', async () => {
    const r = await createRegister(k, { name: 'Falsifiée' });
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([20, 1]) }));
    const event = await k.db('pos_events').where({ fk_cashRegister: r._id }).first();
    await k.db('pos_events').where({ _id: event._id }).update({ label: 'Ouverture de la caisse : 2 000,00 € comptés' });
    const altered = await ok(k.http.get(`${API}/integrity`));
    expect(altered).to.deep.equal({ valid: false, checked: altered.checked, firstBroken: { kind: 'pos-event', _id: event._id, number: event.numberFull } });
    await k.db('pos_events').where({ _id: event._id }).update({ label: event.label });
    expect((await ok(k.http.get(`${API}/integrity`))).valid).to.equal(true);
    // the last event removed: the head stored apart says so
    const last = await k.db('pos_events').orderBy('number', 'desc').first();
    await k.db('pos_events').where({ _id: last._id }).delete();
    const cut = await ok(k.http.get(`${API}/integrity`));
    expect(cut.valid).to.equal(false);
    expect(cut.firstBroken._id).to.equal(last._id);
    await k.db('pos_events').insert(last);
  });

  it('le prochain numéro d’archive par fréquence ; une fréquence inconnue : 400 en français avec le texte de la spécification', async () => {
    const daily = await ok(k.http.get(`${API}/archives/next-number`, { query: { frequency: 'daily' } }));
    expect(daily).to.deep.equal({ frequency: 'daily', number: 1, numberFull: '1' });
    const bad = await k.http.get(`${API}/archives/next-number`, { query: { frequency: 'weekly' } });
    expect(bad.status).to.equal(400);
    expect(bad.body.code).to.equal('VALIDATION');
    expect(bad.body.message).to.match(/^Fréquence d’archive invalide : « weekly »/);
    expect(bad.body.details).to.deep.equal([{ field: 'frequency', message: 'Invalid Archive Frequency to determine the next document sequencial number' }]);
    expect((await k.http.get(`${API}/archives/next-number`)).status).to.equal(400);
  });

  it('prévisualise le rendu de monnaie depuis le tiroir d’une caisse', async () => {
    const r = await createRegister(k, { name: 'Rendu' });
    await ok(k.http.post(`${API}/cash-registers/${r._id}/open`, { cash: cash([5, 1], [1, 3], [0.2, 5]) }));
    const change = await ok(k.http.post(`${API}/change`, { cashRegisterId: r._id, amount: 12.4, paid: cash([20, 1]) }));
    expect(change).to.deep.equal({ amount: 12.4, paid: 20, difference: 7.6, missingCash: false, missingAmount: 0, cashDetails: cash([5, 1], [1, 2], [0.2, 3]) });
    const short = await ok(k.http.post(`${API}/change`, { cashRegisterId: r._id, amount: 12.45, paid: cash([20, 1]) }));
    expect(short).to.include({ missingCash: true, missingAmount: 0.15 });
    expect((await k.http.post(`${API}/change`, { cashRegisterId: r._id, amount: 1.234, paid: cash([20, 1]) })).status).to.equal(400);
    expect((await k.http.post(`${API}/change`, { cashRegisterId: r._id, amount: 1, paid: cash([7, 1]) })).status).to.equal(400);
  });
});
