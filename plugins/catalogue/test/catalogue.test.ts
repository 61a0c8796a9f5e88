/** The « Catalogue » plugin booted with the kernel on a throwaway database: its routes, end to end. */
import path from 'node:path';
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';

const pluginDir = path.resolve(import.meta.dirname, '..');
const probeDir = path.resolve(import.meta.dirname, 'fixtures/sales-probe');
const base = '/api/catalogue/items';
const unknownId = '0123456789abcdef01234567';

describe('catalogue : articles', function () {
  this.timeout(60000);
  let k: TestKernel;

  before(async () => {
    k = await createTestKernel({ plugins: [pluginDir, probeDir] });
  });

  after(async () => {
    await k?.stop();
  });

  const create = async (body: Record<string, unknown>, http: TestHttp = k.http) => {
    const res = await http.post(base, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body;
  };
  const countRows = async () => Number((await k.db('catalogue_items').count({ n: '*' }).first())?.n ?? 0);

  it('crée un article avec les valeurs par défaut de la spec et le TTC calculé', async () => {
    const item = await create({ name: 'Croissant au beurre', exclTaxesPrice: 1.1, vat: 5.5 });
    expect(item._id).to.match(/^[0-9a-f]{24}$/);
    expect(item).to.deep.include({
      name: 'Croissant au beurre', vat: 5.5, exclTaxesPrice: 1.1, inclTaxesPrice: 1.16, // 1,1 × 1,055 = 1,1605
      enabled: true, type: 'good', salesCount: 0, priceIfNotSubjectToVat: 'includeTaxes', attachments: [],
    });
    expect(item.fk).to.deep.equal({ groups: [], company: k.admin.companyId });
    const defaults = await create({ name: 'Sans prix' });
    expect(defaults).to.deep.include({ vat: 20, exclTaxesPrice: 0, inclTaxesPrice: 0 });
    const discount = await create({ name: 'Remise fidélité', type: 'service', inclTaxesPrice: -5 });
    expect(discount).to.deep.include({ exclTaxesPrice: -4.17, inclTaxesPrice: -5 }); // -5 / 1,2 = -4,1667
  });

  it('lit, modifie et supprime un article', async () => {
    const item = await create({
      name: 'Pain de campagne', keywords: 'pain, levain', shortDescription: 'Au levain', longDescription: '<p>Cuit au feu de bois</p>',
      inclTaxesPrice: 4.2, vat: 5.5, type: 'good', seoAlias: 'pain-de-campagne', seoTitle: 'Pain', seoDescription: 'Le pain',
    });
    expect(item.exclTaxesPrice).to.equal(3.98); // 4,2 / 1,055 = 3,981
    const read = await k.http.get(`${base}/${item._id}`);
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.include({ keywords: 'pain, levain', seoAlias: 'pain-de-campagne', longDescription: '<p>Cuit au feu de bois</p>' });

    const updated = await k.http.put(`${base}/${item._id}`, { name: 'Pain de campagne bio', enabled: false, type: 'good' });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.deep.include({ name: 'Pain de campagne bio', enabled: false, exclTaxesPrice: 3.98, inclTaxesPrice: 4.2 });

    expect((await k.http.delete(`${base}/${item._id}`)).status).to.equal(204);
    expect((await k.http.get(`${base}/${item._id}`)).status).to.equal(404);
  });

  it('applique la règle des prix en modification : un prix envoyé, l’autre recalculé ; le taux seul garde le HT', async () => {
    const item = await create({ name: 'Conseil', type: 'service', exclTaxesPrice: 100 });
    expect(item.inclTaxesPrice).to.equal(120);
    const byIncl = await k.http.put(`${base}/${item._id}`, { inclTaxesPrice: 150 });
    expect(byIncl.body).to.deep.include({ exclTaxesPrice: 125, inclTaxesPrice: 150 });
    const byVat = await k.http.put(`${base}/${item._id}`, { vat: 10 });
    expect(byVat.body).to.deep.include({ vat: 10, exclTaxesPrice: 125, inclTaxesPrice: 137.5 });
    const both = await k.http.put(`${base}/${item._id}`, { vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 });
    expect(both.body).to.deep.include({ vat: 20, exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 });
    const wrong = await k.http.put(`${base}/${item._id}`, { exclTaxesPrice: 10, inclTaxesPrice: 13 });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.code).to.equal('VALIDATION');
    expect(wrong.body.message).to.contain('Les prix ne correspondent pas');
    expect(wrong.body.details[0].field).to.equal('inclTaxesPrice');
    expect((await k.http.get(`${base}/${item._id}`)).body).to.deep.include({ exclTaxesPrice: 8.33, inclTaxesPrice: 9.99 });
  });

  it('garde les prix exacts au centime (stockés en entiers) sur les deux moteurs', async () => {
    const item = await create({ name: 'Bonbon', exclTaxesPrice: 0.1, vat: 5.5 });
    expect(item.inclTaxesPrice).to.equal(0.11); // 0,1055 → 0,11
    const row = await k.db('catalogue_items').where({ _id: item._id }).first();
    expect(Number(row.exclTaxesPrice)).to.equal(1000);
    expect(Number(row.inclTaxesPrice)).to.equal(1100);
  });

  it('liste avec recherche, tri, pagination ; les archivés (enabled: false) seulement quand un filtre les demande', async () => {
    const other = await k.http.post('/api/kernel/companies', { name: 'Épicerie fine' });
    expect(other.status).to.equal(201);
    const shop = k.http.as(k.admin.token, other.body._id);
    await create({ name: 'Tarte aux pommes', keywords: 'dessert', exclTaxesPrice: 3 }, shop);
    await create({ name: 'Tarte au citron', keywords: 'dessert', exclTaxesPrice: 3.5 }, shop);
    await create({ name: 'Éclair au café', keywords: 'dessert', exclTaxesPrice: 2.5, enabled: false }, shop);
    await create({ name: 'Quiche lorraine', keywords: 'salé', exclTaxesPrice: 4 }, shop);

    const search = await shop.get(base, { query: { filters: { name: { mode: 'contains', value: 'tarte' } } } });
    expect(search.body.data.map((i: { name: string }) => i.name).sort()).to.deep.equal(['Tarte au citron', 'Tarte aux pommes']);
    const byKeyword = await shop.get(base, { query: { filters: { keywords: { mode: 'contains', value: 'DESSERT' } } } });
    expect(byKeyword.body.count).to.equal(2); // the archived éclair is left out

    const sorted = await shop.get(base, { query: { sort: { field: 'exclTaxesPrice', ascending: false } } });
    expect(sorted.body.data.map((i: { exclTaxesPrice: number }) => i.exclTaxesPrice)).to.deep.equal([4, 3.5, 3]);

    const page2 = await shop.get(base, { query: { sort: { field: 'name', ascending: true }, pagination: { quantity: 2, page: 2 } } });
    expect(page2.body.count).to.equal(3);
    expect(page2.body.data).to.have.length(1);
    const all = await shop.get(base, { query: { filters: { enabled: { mode: 'in', value: [true, false] } } } });
    expect(all.body.count).to.equal(4);

    const enabled = await shop.get(base, { query: { filters: { enabled: { mode: 'eq', value: true } } } });
    expect(enabled.body.count).to.equal(3);
    const disabled = await shop.get(base, { query: { filters: { enabled: { mode: 'eq', value: false } } } });
    expect(disabled.body.data.map((i: { name: string }) => i.name)).to.deep.equal(['Éclair au café']);
    const total = await shop.get(base, { query: { aggregations: [{ name: 'ttc', field: 'inclTaxesPrice', sum: true }] } });
    expect(total.body.aggregation.ttc.sum).to.equal(12.6); // 3,60 + 4,20 + 4,80 (not the archived éclair)
  });

  it('isole les entreprises : ni lecture, ni modification, ni suppression d’un article d’une autre', async () => {
    const other = await k.http.post('/api/kernel/companies', { name: 'Fromagerie' });
    const cheese = k.http.as(k.admin.token, other.body._id);
    const mine = await create({ name: 'Article de la première', exclTaxesPrice: 1 });
    const theirs = await create({ name: 'Comté 18 mois', exclTaxesPrice: 20, vat: 5.5 }, cheese);
    expect(theirs.fk.company).to.equal(other.body._id);

    expect((await k.http.get(`${base}/${theirs._id}`)).status).to.equal(404);
    expect((await k.http.put(`${base}/${theirs._id}`, { name: 'Volé' })).status).to.equal(404);
    expect((await k.http.delete(`${base}/${theirs._id}`)).status).to.equal(404);
    const list = await k.http.get(base, { query: { filters: { name: { mode: 'contains', value: 'comté' } } } });
    expect(list.body.count).to.equal(0);
    expect((await cheese.get(`${base}/${mine._id}`)).status).to.equal(404);
    expect((await cheese.get(`${base}/${theirs._id}`)).body.name).to.equal('Comté 18 mois');
    // fk.company cannot be chosen by the client
    const forged = await k.http.post(base, { name: 'Faux', fk: { company: other.body._id } });
    expect(forged.status).to.equal(400);
  });

  it('refuse une entrée invalide (400) sans rien enregistrer ni modifier', async () => {
    const item = await create({ name: 'Baguette', exclTaxesPrice: 1 });
    const rows = await countRows();
    const bad: [string, Record<string, unknown>, string][] = [
      ['nom manquant', { exclTaxesPrice: 1 }, 'name'],
      ['nom vide', { name: '' }, 'name'],
      ['nom d’un mauvais type', { name: 42 }, 'name'],
      ['prix en texte', { name: 'X', exclTaxesPrice: 'dix' }, 'exclTaxesPrice'],
      ['taux hors bornes', { name: 'X', vat: 120 }, 'vat'],
      ['type inconnu', { name: 'X', type: 'abonnement' }, 'type'],
      ['prix sans TVA inconnu', { name: 'X', priceIfNotSubjectToVat: 'ttc' }, 'priceIfNotSubjectToVat'],
      ['compteur de ventes géré par le serveur', { name: 'X', salesCount: 5 }, 'salesCount'],
      ['groupe mal formé', { name: 'X', fk: { groups: ['pas-un-id'] } }, 'fk.groups'],
    ];
    for (const [what, body, field] of bad) {
      const res = await k.http.post(base, body);
      expect(res.status, what).to.equal(400);
      expect(res.body.code, what).to.equal('VALIDATION');
      expect(res.body.message, what).to.be.a('string').and.not.equal('');
      expect(JSON.stringify(res.body.details), what).to.contain(field.split('.')[0]);
    }
    expect(await countRows()).to.equal(rows);
    for (const body of [{ name: '' }, { vat: -1 }, { exclTaxesPrice: 1, inclTaxesPrice: 5 }, { salesCount: 3 }, { enabled: 'oui' }]) {
      expect((await k.http.put(`${base}/${item._id}`, body)).status, JSON.stringify(body)).to.equal(400);
    }
    const after = (await k.http.get(`${base}/${item._id}`)).body;
    expect(after).to.deep.include({ name: 'Baguette', vat: 20, exclTaxesPrice: 1, inclTaxesPrice: 1.2, enabled: true, salesCount: 0 });
    expect(after.metadata.lastModificationDate).to.equal(item.metadata.lastModificationDate);
  });

  it('répond 404 sur un identifiant inconnu et 400 sur un identifiant mal formé', async () => {
    const missing = await k.http.get(`${base}/${unknownId}`);
    expect(missing.status).to.equal(404);
    expect(missing.body.message).to.equal('Article introuvable.');
    expect((await k.http.put(`${base}/${unknownId}`, { name: 'x' })).status).to.equal(404);
    expect((await k.http.delete(`${base}/${unknownId}`)).status).to.equal(404);
    expect((await k.http.get(`${base}/pas-un-id`)).status).to.equal(400);
  });

  describe('service exporté catalogue.items (get, findByIds, incrementSales)', () => {
    const probe = '/api/sales-probe';

    it('get et findByIds, limités à l’entreprise active', async () => {
      const a = await create({ name: 'Article A', exclTaxesPrice: 1 });
      const b = await create({ name: 'Article B', exclTaxesPrice: 2 });
      const other = await k.http.post('/api/kernel/companies', { name: 'Autre boutique' });
      const foreign = await create({ name: 'Étranger', exclTaxesPrice: 3 }, k.http.as(k.admin.token, other.body._id));

      const got = await k.http.get(`${probe}/item/${a._id}`);
      expect(got.status).to.equal(200);
      expect(got.body).to.deep.include({ name: 'Article A', inclTaxesPrice: 1.2 });
      const absent = await k.http.get(`${probe}/item/${foreign._id}`);
      expect(absent.status).to.equal(404);
      expect(absent.body.message).to.equal('Article introuvable.');

      const found = await k.http.post(`${probe}/items-by-ids`, { ids: [a._id, b._id, foreign._id, unknownId, 'pas-un-id'] });
      expect(found.body).to.deep.equal([a._id, b._id].sort());
    });

    it('incrementSales ajoute des quantités décimales, retire pour un avoir, et s’annule avec la transaction', async () => {
      const item = await create({ name: 'Café en grains (kg)', exclTaxesPrice: 18, vat: 5.5 });
      const sold = await k.http.post(`${probe}/sell`, { sales: [{ id: item._id, by: 1.5 }, { id: item._id, by: 0.1 }, { id: item._id, by: 0.2 }] });
      expect(sold.status).to.equal(200);
      expect(sold.body.salesCount).to.equal(1.8);
      const credited = await k.http.post(`${probe}/sell`, { sales: [{ id: item._id, by: -0.5 }] });
      expect(credited.body.salesCount).to.equal(1.3);

      const failed = await k.http.post(`${probe}/sell`, { sales: [{ id: item._id, by: 10 }], failAfter: true });
      expect(failed.status).to.equal(500);
      expect((await k.http.get(`${base}/${item._id}`)).body.salesCount).to.equal(1.3);

      expect((await k.http.post(`${probe}/sell`, { sales: [{ id: unknownId, by: 1 }] })).status).to.equal(404);
      const nan = await k.kernel.asSystem(k.admin.companyId, async (ctx: { resolve<T>(n: string): T }) => {
        try { await ctx.resolve<{ incrementSales(id: string, by: number): Promise<unknown> }>('items').incrementSales(item._id, Number.NaN); return null; } catch (e) { return e as { status: number; message: string }; }
      }, 'catalogue');
      expect(nan).to.deep.include({ status: 400, message: 'La quantité vendue doit être un nombre.' });
    });
  });
});
