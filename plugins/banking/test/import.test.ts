/**
 * `POST /imports` with every file of testdata/ofx and testdata/camt, the CSV and aggregator
 * fixtures: exact totals and balances, idempotent re-import, malformed files refused with nothing
 * written (README « Import »).
 */
import { expect } from 'chai';
import type { TestKernel } from '@comptoir/sdk/testing';
import { API, bootKernel, createAccount, fixture, ok, rowCounts, testFile, upload } from './support.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- arbitrary JSON answers
type Json = any;

async function operationsOf(k: TestKernel, accountId: string): Promise<Json[]> {
  const res = await ok(k.http.get(`${API}/operations`, { query: { filters: { 'fk.account': { mode: 'eq', value: accountId } }, sort: { field: 'dateOperation', ascending: true }, pagination: { quantity: 500 } } }));
  return res.data;
}

const sum = (ops: Json[]) => ops.reduce((s, o) => s + Math.round(o.amount * 100), 0) / 100;

/** file → per account: number, operations added, Σ amounts, balance stated by the bank */
const EXPECTED: Record<string, { dir: string; accounts: { number: string; added: number; total: number; balance: number }[] }> = {
  'ofxparse-checking.ofx': { dir: 'ofx', accounts: [{ number: '1452687~7', added: 3, total: -59.5, balance: 100.99 }] },
  'ofxparse-bank_medium.ofx': { dir: 'ofx', accounts: [{ number: '12300 000012345678', added: 3, total: -345.27, balance: 382.34 }] },
  'ofxparse-multiple_accounts2.ofx': { dir: 'ofx', accounts: [{ number: '9100', added: 0, total: 0, balance: 111 }, { number: '9200', added: 0, total: 0, balance: 222 }] },
  'ofxparse-suncorp.ofx': { dir: 'ofx', accounts: [{ number: '123456789', added: 1, total: -16.85, balance: 1234.12 }] },
  'ofxparse-anzcc.ofx': { dir: 'ofx', accounts: [{ number: '1234123412341234', added: 1, total: -5.5, balance: -123.45 }] },
  // no LEDGERBAL amount: the balance is the operations' sum
  'ofxparse-ofx-v102-empty-tags.ofx': { dir: 'ofx', accounts: [{ number: '12345678', added: 1, total: 12.34, balance: 12.34 }] },
  'genkgo-camt053.v2.minimal.xml': { dir: 'camt/samples', accounts: [{ number: 'NL26VAYB8060476890', added: 1, total: 8.85, balance: -27 }] },
  'genkgo-camt053.v2.all-balance-types.xml': { dir: 'camt/samples', accounts: [{ number: 'CH2801234000123456789', added: 1, total: 8.85, balance: 4.04 }] },
  'genkgo-camt053.v2.with-party-ids.xml': { dir: 'camt/samples', accounts: [{ number: 'NL26VAYB8060476890', added: 1, total: 8.85, balance: -27 }] },
  // two statements of one account: the second's closing balance (20.00, same day, later in the file) holds
  'genkgo-camt053.v2.multi.statement.xml': { dir: 'camt/samples', accounts: [{ number: 'NL26VAYB8060476890', added: 2, total: 1.85, balance: 20 }] },
  // its closing balance is of 30 December, its entry booked on the 31st: the entry moves it
  'genkgo-camt053.v8.xml': { dir: 'camt/samples', accounts: [{ number: 'NL26VAYB8060476890', added: 1, total: 8.85, balance: -18.15 }] },
};

describe('banking import: every file of testdata, exact', function () {
  this.timeout(120000);
  let k: TestKernel;
  beforeEach(async () => { k = await bootKernel(); });
  afterEach(async () => { await k.stop(); });

  for (const [name, expected] of Object.entries(EXPECTED)) {
    it(`${name}: operations, totals and balances; a second import adds nothing`, async () => {
      const bytes = testFile(...expected.dir.split('/'), name);
      const first = await ok(upload(k, bytes, name), 201);
      expect(first.format).to.equal(name.endsWith('.ofx') ? 'ofx' : 'camt');
      expect(first.accounts.map((a: Json) => a.number)).to.deep.equal(expected.accounts.map((a) => a.number));
      expect(first.added).to.equal(expected.accounts.reduce((n, a) => n + a.added, 0));
      expect(first.duplicates).to.equal(0);
      expect(first.rejected).to.deep.equal([]);
      for (const [i, want] of expected.accounts.entries()) {
        const report = first.accounts[i];
        expect(report.created).to.equal(true);
        expect(report.balance).to.equal(want.balance);
        const ops = await operationsOf(k, report.accountId);
        expect(ops).to.have.length(want.added);
        expect(sum(ops)).to.equal(want.total);
        const account = await ok(k.http.get(`${API}/accounts/${report.accountId}`));
        expect(account.balance).to.equal(want.balance);
        // the correction is what the operations do not explain
        expect(Math.round((account.balanceCorrection + want.total) * 100) / 100).to.equal(want.balance);
        // the day of the bank's balance, when it states one
        if (name !== 'ofxparse-ofx-v102-empty-tags.ofx') expect(account.balanceDate).to.be.a('string');
        expect(account.lastSync).to.be.a('string');
      }
      const before = await rowCounts(k);
      const second = await ok(upload(k, bytes, name), 201);
      expect(second.added).to.equal(0);
      expect(second.duplicates).to.equal(first.added);
      expect(second.accounts.map((a: Json) => a.created)).to.deep.equal(expected.accounts.map(() => false));
      const after = await rowCounts(k);
      expect({ ...after, banking_imports: 0, banking_accounts: 0 }).to.deep.equal({ ...before, banking_imports: 0, banking_accounts: 0 });
      expect(after.banking_imports).to.equal(before.banking_imports + 1);
      for (const [i, want] of expected.accounts.entries()) {
        expect((await ok(k.http.get(`${API}/accounts/${first.accounts[i].accountId}`))).balance).to.equal(want.balance);
      }
    });
  }

  it('OFX: the bank\'s labels, dates (noon in Paris), modes and ids are kept', async () => {
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-bank_medium.ofx'), 'medium.ofx'), 201);
    const [first] = await operationsOf(k, report.accounts[0].accountId);
    expect(first).to.deep.include({
      label: 'MCDONALD\'S #112', originalLabel: 'POS MERCHANDISE;MCDONALD\'S #112', amount: -6.6, source: 'ofx',
      transactionMode: 'cb', dedupeKey: 'id:0000123456782009040100001', dateOperation: '2009-04-01T12:00:00.000Z',
    });
  });

  it('the months of an import equal a recount of its operations', async () => {
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx'), 201);
    const months = (await ok(k.http.get(`${API}/months`))).data;
    expect(months.map((m: Json) => [m.date, m.income, m.outcome, m.total])).to.deep.equal([['2011-03', 0.01, 0, 0.01], ['2011-04', 0, 59.51, -59.51]]);
    expect(months[1].accounts).to.deep.equal([{ id: report.accounts[0].accountId, income: 0, outcome: 59.51, total: -59.51, count: 2 }]);
  });

  it('into a chosen account; a file of two accounts into one is refused, nothing written', async () => {
    const account = await createAccount(k, { name: 'Mon compte' });
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-suncorp.ofx'), 'suncorp.ofx', { accountId: account._id }), 201);
    expect(report.accounts[0]).to.deep.include({ accountId: account._id, created: false, added: 1, balance: 1234.12 });
    const before = await rowCounts(k);
    const refused = await upload(k, testFile('ofx', 'ofxparse-multiple_accounts2.ofx'), 'two.ofx', { accountId: account._id });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.match(/plusieurs comptes/);
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('a balance typed by hand is kept: a statement no longer restates it', async () => {
    const account = await createAccount(k, { name: 'Compte', balance: 1000 });
    expect(account.manualAutoBalance).to.equal(true);
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx', { accountId: account._id }), 201);
    expect(report.accounts[0].balance).to.equal(940.5);
  });

  it('operations before the account\'s first day to sync are left out, with their reason', async () => {
    const account = await createAccount(k, { name: 'Compte', firstDateToSync: '2011-04-01T00:00:00.000Z' });
    const report = await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx', { accountId: account._id }), 201);
    expect(report.added).to.equal(2);
    expect(report.rejected).to.have.length(1);
    expect(report.rejected[0].reason).to.match(/première date à synchroniser/);
  });

  it('CSV in ISO-8859-1 (Société Générale): header found after the title line, decimal comma, dd/mm/yyyy, bad lines rejected with reasons, identical lines kept both', async () => {
    const account = await createAccount(k, { name: 'SG' });
    const report = await ok(upload(k, fixture('societe-generale-latin1.csv'), 'sg.csv', { accountId: account._id }), 201);
    expect(report.format).to.equal('csv');
    expect(report.added).to.equal(4);
    expect(report.rejected.map((r: Json) => r.reason)).to.deep.equal([
      'opération 5 : Date illisible « 31/11/2026 » (format attendu dd/mm/yyyy).',
      'opération 6 : Montant illisible ou absent.',
    ]);
    const ops = await operationsOf(k, account._id);
    expect(sum(ops)).to.equal(1302.52);
    expect(ops.map((o: Json) => o.label)).to.include('VIR RECU HÔTEL DU PARC VIREMENT RECU DE HÔTEL DU PARC FACTURE F0000012');
    expect(ops.find((o: Json) => o.amount === 1640).transactionMode).to.equal('transfer');
    const saved = await ok(k.http.get(`${API}/accounts/${account._id}`));
    expect(saved.csvMapping).to.deep.equal({ delimiter: ';', skipLines: 1, date: 0, label: 1, label2: 2, amount: 3 });
    expect(saved.balance).to.equal(1302.52);
    const again = await ok(upload(k, fixture('societe-generale-latin1.csv'), 'sg.csv', { accountId: account._id }), 201);
    expect([again.added, again.duplicates]).to.deep.equal([0, 4]);
  });

  it('CSV in UTF-8 (Crédit Agricole): debit and credit columns', async () => {
    const account = await createAccount(k, { name: 'CA' });
    const report = await ok(upload(k, fixture('credit-agricole-utf8.csv'), 'ca.csv', { accountId: account._id }), 201);
    expect(report.added).to.equal(3);
    const ops = await operationsOf(k, account._id);
    expect(ops.map((o: Json) => [o.amount, o.transactionMode])).to.deep.equal([[-845, 'cb'], [1284.6, 'unknown'], [-54.99, 'debit']]);
  });

  it('CSV with a column mapping given once, then saved on the account and reused', async () => {
    const account = await createAccount(k, { name: 'Autre banque' });
    const unknown = await upload(k, fixture('custom-columns.csv'), 'x.csv', { accountId: account._id });
    expect(unknown.status).to.equal(400);
    expect(unknown.body.message).to.match(/Colonnes non reconnues/);
    const csvMapping = { date: 'Jour', label: 'Texte', amount: 'Somme', dateFormat: 'yyyy-mm-dd', decimalSeparator: '.' };
    const report = await ok(upload(k, fixture('custom-columns.csv'), 'x.csv', { accountId: account._id, csvMapping }), 201);
    expect(report.added).to.equal(2);
    expect((await ok(k.http.get(`${API}/accounts/${account._id}`))).balance).to.equal(179.7);
    const again = await ok(upload(k, fixture('custom-columns.csv'), 'x.csv', { accountId: account._id }), 201);
    expect([again.added, again.duplicates]).to.deep.equal([0, 2]);
    const wrong = await upload(k, fixture('custom-columns.csv'), 'x.csv', { accountId: account._id, csvMapping: { ...csvMapping, label: 'Nope' } });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.match(/« Nope »/);
  });

  it('a CSV needs its account', async () => {
    const res = await upload(k, fixture('credit-agricole-utf8.csv'), 'ca.csv');
    expect(res.status).to.equal(400);
    expect(res.body.details[0].field).to.equal('accountId');
  });

  it('the aggregator\'s JSON: account created with its number and bank, transactions with their ids, a bad date rejected', async () => {
    const report = await ok(upload(k, fixture('aggregator.json'), 'agregateur.json'), 201);
    expect(report.format).to.equal('aggregator');
    expect(report.accounts[0]).to.deep.include({ number: 'FR7610107001011234567890129', added: 3, rejected: 1, balance: 2500.75 });
    const ops = await operationsOf(k, report.accounts[0].accountId);
    expect(ops.map((o: Json) => [o.label, o.originalLabel, o.amount, o.transactionMode, o.dedupeKey])).to.deep.equal([
      ['Carrefour Market', 'CB CARREFOUR MARKET 02/11', -45.3, 'cb', 'id:9001'],
      ['Virement Dupont', 'VIR SEPA RECU CLIENT DUPONT', 1200, 'transfer', 'id:9002'],
      ['URSSAF', 'PRLV SEPA URSSAF', -654.2, 'debit', 'id:9003'],
    ]);
    const account = await ok(k.http.get(`${API}/accounts/${report.accounts[0].accountId}`));
    expect(account).to.deep.include({ bank: 'Banque Populaire', name: 'Compte courant pro', type: 'bank' });
  });

  it('malformed files are a French 400 and write nothing', async () => {
    await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx'), 201);
    const before = await rowCounts(k);
    const broken: [string, string | Uint8Array, RegExp][] = [
      ['vide.ofx', '', /vide/],
      ['cassé.ofx', 'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><BANKTRANLIST><STMTTRN><TRNAMT>1</STMTRS>', /OFX illisible/],
      ['rien.ofx', 'OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1></SIGNONMSGSRSV1></OFX>', /aucun relevé/],
      ['cassé.xml', '<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt>', /CAMT illisible/],
      ['x.json', '{"accounts": [{"id": 1, "transactions": [{"amount": 1}]}]}', /forme attendue/],
      ['y.json', '{ pas du json', /JSON illisible/],
    ];
    for (const [name, content, message] of broken) {
      const res = await upload(k, content, name);
      expect(res.status, name).to.equal(400);
      expect(res.body.code, name).to.equal('VALIDATION');
      expect(res.body.message, name).to.match(message);
    }
    // a statement whose account is unknown and whose file names none is refused too
    const noForm = await k.http.post(`${API}/imports`, { accountId: 'x' });
    expect(noForm.status).to.equal(400);
    const badField = await upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'c.ofx', { accountId: 'nope' });
    expect(badField.status).to.equal(400);
    const unknownField = await upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'c.ofx', { surprise: 1 });
    expect(unknownField.status).to.equal(400);
    const otherAccount = await upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'c.ofx', { accountId: 'aaaaaaaaaaaaaaaaaaaaaaaa' });
    expect(otherAccount.status).to.equal(400);
    expect(await rowCounts(k)).to.deep.equal(before);
  });

  it('the imports are listed with their report', async () => {
    await ok(upload(k, testFile('ofx', 'ofxparse-checking.ofx'), 'checking.ofx'), 201);
    const list = await ok(k.http.get(`${API}/imports`));
    expect(list.count).to.equal(1);
    expect(list.data[0]).to.deep.include({ fileName: 'checking.ofx', format: 'ofx', added: 3, duplicates: 0 });
  });
});
