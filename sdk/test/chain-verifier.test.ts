/**
 * The chain verifier over chains held in memory: a whole chain is valid; each kind of tampering
 * names the document it touched, with its reason; a long chain is read page by page.
 */
import { expect } from 'chai';
import { chainHash, verifyChain, type ChainHeadRecord, type ChainRow, type ChainSource } from '../src/index.ts';

interface Doc extends ChainRow { _id: string; number: number; numberFull: string; amount: number; hash: string }

const view = (d: Doc) => ({ _id: d._id, number: d.number, numberFull: d.numberFull, amount: d.amount });
const id = (n: number) => `65f0c0ffee00000000${String(n).padStart(6, '0')}`;

/** n documents numbered 1..n, chained, and the head of the chain. */
function chain(n: number): { docs: Doc[]; head: ChainHeadRecord | null } {
  const docs: Doc[] = [];
  let previous: string | null = null;
  for (let i = 1; i <= n; i++) {
    const doc = { _id: id(i), number: i, numberFull: `F${String(i).padStart(7, '0')}`, amount: i * 10, hash: '' };
    doc.hash = chainHash(previous, view(doc));
    previous = doc.hash;
    docs.push(doc);
  }
  const last = docs.at(-1);
  return { docs, head: last ? { lastId: last._id, lastNumber: last.number, lastNumberFull: last.numberFull, lastHash: last.hash } : null };
}

function source(docs: Doc[], head: ChainHeadRecord | null, pageSize = 3): ChainSource<Doc> {
  return {
    kind: 'invoice',
    view,
    head: async () => head,
    async *pages(after) {
      const rows = docs.filter((d) => after === null || d.number > after).sort((a, b) => a.number - b.number);
      for (let i = 0; i < rows.length; i += pageSize) yield rows.slice(i, i + pageSize).map((d) => ({ ...d }));
    },
  };
}

const rehash = (d: Doc, previous: string | null) => { d.hash = chainHash(previous, view(d)); };

describe('chain verifier', () => {
  it('finds a whole chain valid, and an empty one without head', async () => {
    const { docs, head } = chain(10);
    expect(await verifyChain(source(docs, head))).to.deep.equal({ kind: 'invoice', checked: 10, firstBroken: null });
    expect(await verifyChain(source([], null))).to.deep.equal({ kind: 'invoice', checked: 0, firstBroken: null });
  });

  const cases: [string, (docs: Doc[], head: ChainHeadRecord) => { docs: Doc[]; head: ChainHeadRecord | null }, string, string][] = [
    ['a changed amount', (docs, head) => { docs[3].amount = 999; return { docs, head }; }, id(4), 'altered'],
    ['a changed hash', (docs, head) => { docs[3].hash = 'f'.repeat(64); return { docs, head }; }, id(4), 'altered'],
    ['a hash chained on a foreign previous hash', (docs, head) => { rehash(docs[3], 'a'.repeat(64)); return { docs, head }; }, id(4), 'altered'],
    ['a document deleted in the middle', (docs, head) => ({ docs: docs.filter((d) => d.number !== 4), head }), id(5), 'missing'],
    ['the first document deleted', (docs, head) => ({ docs: docs.slice(1), head }), id(2), 'missing'],
    ['a number moved to the end', (docs, head) => { docs[3].number = 99; return { docs, head }; }, id(4), 'moved'],
    ['a number moved to the start', (docs, head) => { docs[3].number = 0; return { docs, head }; }, id(4), 'altered'],
    ['two numbers swapped', (docs, head) => { docs[3].number = 5; docs[4].number = 4; return { docs, head }; }, id(5), 'altered'],
    ['the last document deleted', (docs, head) => ({ docs: docs.slice(0, -1), head }), id(10), 'missing-end'],
    ['every document deleted', (_docs, head) => ({ docs: [], head }), id(10), 'missing-end'],
    ['the head deleted', (docs) => ({ docs, head: null }), id(10), 'head-missing'],
    ['the head changed', (docs, head) => ({ docs, head: { ...head, lastHash: '0'.repeat(64) } }), id(10), 'head-mismatch'],
  ];
  for (const [what, tamper, named, reason] of cases) {
    it(`names the document of ${what}`, async () => {
      const { docs, head } = chain(10);
      const tampered = tamper(docs, head!);
      const report = await verifyChain(source(tampered.docs, tampered.head));
      expect(report.firstBroken, what).to.include({ kind: 'invoice', _id: named, reason });
    });
  }

  it('names a forged document appended after the head, even with a well-computed hash', async () => {
    const { docs, head } = chain(10);
    const forged = { _id: id(99), number: 11, numberFull: 'F0000011', amount: 5, hash: '' };
    rehash(forged, docs[9].hash);
    expect((await verifyChain(source([...docs, forged], head))).firstBroken).to.include({ _id: id(99), reason: 'beyond-head' });
  });

  it('names a forged document inserted in a gap of the numbers, chained on the one before it', async () => {
    const { docs } = chain(4);
    // a counter raised by hand: the next document is numbered 10
    const tenth = { _id: id(10), number: 10, numberFull: 'F0000010', amount: 100, hash: '' };
    rehash(tenth, docs[3].hash);
    const head = { lastId: tenth._id, lastNumber: 10, lastNumberFull: tenth.numberFull, lastHash: tenth.hash };
    expect((await verifyChain(source([...docs, tenth], head))).firstBroken).to.equal(null);
    const forged = { _id: id(77), number: 7, numberFull: 'F0000007', amount: 1, hash: '' };
    rehash(forged, docs[3].hash);
    expect((await verifyChain(source([...docs, forged, tenth], head))).firstBroken).to.include({ _id: id(77), reason: 'inserted' });
  });

  it('walks documents emitted while it walks, then checks the head that covers them', async () => {
    const { docs } = chain(6);
    const shown = docs.slice(0, 4);
    let heads = 0;
    const src: ChainSource<Doc> = {
      ...source(shown, null),
      // the head is read once the first rows are walked: two more documents were emitted meanwhile
      async head() {
        heads++;
        shown.push(...docs.slice(shown.length));
        const last = docs[5];
        return { lastId: last._id, lastNumber: 6, lastNumberFull: last.numberFull, lastHash: last.hash };
      },
    };
    expect(await verifyChain(src)).to.deep.equal({ kind: 'invoice', checked: 6, firstBroken: null });
    expect(heads).to.equal(2);
  });

  it('reads a chain of 100 000 documents one page at a time, made as it is read', async () => {
    const n = 100_000;
    const pageSize = 500;
    let last: Doc | null = null;
    let requested = 0;
    let largest = 0;
    // the rows exist only while their page is walked: nothing keeps the whole chain
    const src: ChainSource<Doc> = {
      kind: 'invoice',
      view,
      head: async () => ({ lastId: last!._id, lastNumber: last!.number, lastNumberFull: last!.numberFull, lastHash: last!.hash }),
      async *pages(after) {
        let previous = last?.hash ?? null;
        for (let start = (after ?? 0) + 1; start <= n; start += pageSize) {
          const page: Doc[] = [];
          for (let i = start; i < Math.min(start + pageSize, n + 1); i++) {
            const doc = { _id: id(i), number: i, numberFull: `F${i}`, amount: i, hash: '' };
            rehash(doc, previous);
            previous = doc.hash;
            page.push(doc);
          }
          last = page.at(-1)!;
          requested++;
          largest = Math.max(largest, page.length);
          yield page;
        }
      },
    };
    expect(await verifyChain(src)).to.deep.equal({ kind: 'invoice', checked: n, firstBroken: null });
    expect(requested).to.equal(n / pageSize);
    expect(largest).to.equal(pageSize);
  });
});
