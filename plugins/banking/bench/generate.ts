/**
 * A statement of N operations as an OFX 2 file, with French labels a bakery's account carries, and
 * 50 rules of every mode (README of this folder). Deterministic: the same N gives the same file.
 */
const PAYEES = ['MOULINS BOURGEOIS', 'EDF ENTREPRISES', 'ORANGE PRO', 'URSSAF', 'METRO CASH', 'LA POSTE', 'AXA ASSURANCES', 'TOTAL ENERGIES', 'BOULANGERIE DU CENTRE', 'HOTEL DU PARC', 'CAFE DE LA GARE', 'SNCF', 'AMAZON', 'LEROY MERLIN', 'CARREFOUR'];
const KINDS = [['CB', 'POS'], ['PRLV SEPA', 'DIRECTDEBIT'], ['VIR SEPA', 'XFER'], ['CHQ', 'CHECK'], ['REMISE CB', 'CREDIT']] as const;

/** a small linear congruential generator: the same file on every run */
function random(seed: number) {
  let s = seed >>> 0;
  return () => { s = (Math.imul(s, 1664525) + 1013904223) >>> 0; return s / 2 ** 32; };
}

export function ofxStatement(n: number, accountNumber = 'FR7630004000031234567890143'): { text: string; total: bigint } {
  const rnd = random(42);
  const lines: string[] = [];
  let cents = 0n;
  const start = Date.UTC(2020, 0, 1);
  for (let i = 0; i < n; i++) {
    const [kind, type] = KINDS[Math.floor(rnd() * KINDS.length)];
    const payee = PAYEES[Math.floor(rnd() * PAYEES.length)];
    const credit = kind === 'REMISE CB' || (kind === 'VIR SEPA' && rnd() < 0.5);
    const amount = BigInt(Math.floor(rnd() * 200000) + 1) * (credit ? 1n : -1n);
    cents += amount;
    const day = new Date(start + Math.floor((i / n) * 6 * 365) * 86400000).toISOString().slice(0, 10).replace(/-/g, '');
    const abs = amount < 0n ? -amount : amount;
    const text = `${amount < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
    lines.push(`<STMTTRN><TRNTYPE>${type}</TRNTYPE><DTPOSTED>${day}</DTPOSTED><TRNAMT>${text}</TRNAMT><FITID>B${i}</FITID><NAME>${kind} ${payee}</NAME><MEMO>${kind} ${payee} ${String(i % 28 + 1).padStart(2, '0')}/${String(i % 12 + 1).padStart(2, '0')} REF ${100000 + i}</MEMO></STMTTRN>`);
  }
  const text = `<?xml version="1.0" encoding="UTF-8"?>
<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STMTRS><CURDEF>EUR</CURDEF>
<BANKACCTFROM><BANKID>30004</BANKID><BRANCHID>00003</BRANCHID><ACCTID>${accountNumber}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
<BANKTRANLIST><DTSTART>20200101</DTSTART><DTEND>20251231</DTEND>
${lines.join('\n')}
</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
`;
  return { text, total: cents };
}

/** 50 rules: contains, startsWith, endsWith, eq, regex with groups, amounts of every mode, some classifying */
export function rules(category: string, subCategory: string) {
  const out: Record<string, unknown>[] = [];
  PAYEES.forEach((payee, i) => {
    out.push({ name: `Contient ${payee}`, order: i, detection: { label: { mode: 'contains', value: payee.toLowerCase() } }, actions: { category, subCategory } });
    out.push({ name: `Regex ${payee}`, order: 100 + i, detection: { label: { mode: 'regex', value: `^(\\w+(?: SEPA)?) ${payee} (\\d{2})/(\\d{2}) REF (\\d+)$` }, amount: { mode: 'lt', value: 0 } }, actions: { label: `${payee} $2/$3 ($1)`, location: 'Réf. $4' } });
  });
  const amountModes = ['eq', 'neq', 'lt', 'gt', 'lte', 'gte'];
  for (let i = 0; out.length < 45; i++) out.push({ name: `Montant ${i}`, order: 200 + i, detection: { amount: { mode: amountModes[i % 6], value: -(i * 37.5) } , label: { mode: 'startsWith', value: 'CHQ' } }, actions: { transactionMode: 'check' } });
  for (let i = 0; out.length < 50; i++) out.push({ name: `Entre ${i}`, order: 300 + i, detection: { amount: { mode: 'between', min: -500 - i * 100, max: -400 - i * 100 }, label: { mode: 'endsWith', value: `${i}`, caseSensitive: true } }, actions: { transactionMode: 'debit' } });
  return out;
}
