/**
 * The demo company's FEC, every plugin seeded (`npm run seed-demo`), SQLite or MariaDB: each
 * customer and provider of the directory on one subsidiary account under one name, « Clients
 * divers » never (every demo sale names a customer), « Fournisseurs divers » only for the online
 * order from a shop that is no provider, references unique across journals, every entry balanced;
 * a year the demo never had is a 404. invoicing README « FEC ».
 */
import { expect } from 'chai';
import { createTestKernel, type TestHttp, type TestKernel } from '@comptoir/sdk/testing';
import { DEMO_LOGIN } from '../../tools/src/demo-company.ts';
import { seedDemo } from '../../tools/src/seed.ts';
import { entryTotals, fetchFec, parseFec, type FecRecord } from '../support/fec.ts';
import { pluginDirs } from '../support/plugin-routes.ts';

describe('démonstration : le FEC de la boulangerie, tous les plugins', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let demo: TestHttp;
  const year = new Date().getUTCFullYear();
  const files: Record<number, FecRecord[]> = {};

  before(async () => {
    k = await createTestKernel({ plugins: pluginDirs() });
    const seeded = await seedDemo(k.kernel);
    const { token } = await k.login(DEMO_LOGIN.email, DEMO_LOGIN.password);
    demo = k.http.as(token, seeded.companyId!);
    for (const y of [year - 1, year]) {
      const fec = await fetchFec(demo, String(y));
      expect(fec.status, JSON.stringify(fec.error)).to.equal(200);
      files[y] = parseFec(fec.text).records;
    }
  });
  after(async () => { await k?.stop(); });

  it('met les ventes, les achats et leurs règlements, chaque écriture équilibrée', () => {
    const all = [...files[year - 1], ...files[year]];
    expect(new Set(all.map((r) => r.JournalCode))).to.deep.equal(new Set(['VE', 'AC', 'BQ']));
    for (const y of [year - 1, year]) {
      for (const [num, t] of entryTotals(files[y])) expect(t.debit.toFixed(2), `${y} écriture ${num}`).to.equal(t.credit.toFixed(2));
    }
  });

  it('garde un compte auxiliaire par client et par fournisseur, sous un seul nom', () => {
    for (const y of [year - 1, year]) {
      const parties = files[y].filter((r) => r.CompAuxNum !== '');
      const namesOf = new Map<string, Set<string>>();
      const numbersOf = new Map<string, Set<string>>();
      for (const r of parties) {
        namesOf.set(r.CompAuxNum, (namesOf.get(r.CompAuxNum) ?? new Set()).add(r.CompAuxLib));
        numbersOf.set(r.CompAuxLib, (numbersOf.get(r.CompAuxLib) ?? new Set()).add(r.CompAuxNum));
      }
      for (const [n, names] of namesOf) expect([...names], `${y} ${n}`).to.have.length(1);
      for (const [name, numbers] of numbersOf) expect([...numbers], `${y} ${name}`).to.have.length(1);
      // auxiliary accounts on 411 and 401 only, and every one of them
      expect(files[y].filter((r) => ['411000', '401000'].includes(r.CompteNum)).every((r) => r.CompAuxNum !== ''), String(y)).to.equal(true);
      expect(parties.every((r) => ['411000', '401000'].includes(r.CompteNum))).to.equal(true);
    }
  });

  it('n’emploie les comptes divers que pour la commande en ligne d’une boutique sans fiche fournisseur', () => {
    const all = [...files[year - 1], ...files[year]];
    expect(all.filter((r) => r.CompAuxNum === 'CDIVERS')).to.have.length(0);
    const generic = all.filter((r) => r.CompAuxNum === 'FDIVERS');
    // the order, and its payment by card (the demo's purchases are dated days before today: this year or the last)
    expect(generic.map((r) => `${r.JournalCode} ${r.PieceRef.slice(0, 3)}`).sort()).to.deep.equal(['AC CL-', 'BQ RL-']);
    expect(generic.every((r) => r.EcritureLib.includes('achat en ligne Matériel Pâtissier Pro') || r.EcritureLib.startsWith('Achat en ligne Matériel Pâtissier Pro'))).to.equal(true);
  });

  it('donne à chaque pièce sa référence, préfixée par sa série, d’un journal à l’autre', () => {
    for (const y of [year - 1, year]) {
      const entriesOf = new Map<string, Set<string>>();
      for (const r of files[y]) entriesOf.set(r.PieceRef, (entriesOf.get(r.PieceRef) ?? new Set()).add(r.EcritureNum));
      for (const [piece, nums] of entriesOf) expect(nums.size, `${y} ${piece}`).to.equal(1);
      expect([...entriesOf.keys()].every((piece) => /^(FC|RC|FF|RF|CL|RL)-/.test(piece)), String(y)).to.equal(true);
    }
  });

  it('répond 404 pour un exercice que la démonstration n’a pas', async () => {
    const fec = await fetchFec(demo, String(year - 2));
    expect(fec.status).to.equal(404);
    expect(fec.error!.message).to.equal(`Aucun exercice ne se clôt en ${year - 2} : l’entreprise a été créée en ${year} et aucune écriture n’est datée de ${year - 2}.`);
    expect((await fetchFec(demo, String(year + 1))).error!.message).to.equal(`Aucun exercice ne se clôt en ${year + 1} : cette année n’a pas encore commencé.`);
  });
});
