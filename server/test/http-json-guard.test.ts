/**
 * The request layer's parsing helpers (server/src/http/json-guard.ts, body.ts): the JSON guard's
 * walk (depth, prototype keys, well-formed Unicode, the path of the first problem), the body's
 * decoding (UTF-8 only, an object or a list), and the charset of a Content-Type.
 */
import { expect } from 'chai';
import { HttpError } from '@comptoir/sdk';
import { MAX_JSON_DEPTH, findJsonProblem, jsonProblemMessage } from '../src/http/json-guard.ts';
import { declaredCharset, isUtf8Label, parseJsonBody } from '../src/http/body.ts';

const lists = (n: number) => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`);
const objects = (n: number) => JSON.parse(`${'{"a":'.repeat(n)}0${'}'.repeat(n)}`);

function refusal(fn: () => unknown): HttpError {
  try { fn(); } catch (e) { expect(e).to.be.instanceOf(HttpError); return e as HttpError; }
  throw new Error('not refused');
}

describe('http: the JSON guard', () => {
  it('takes ordinary documents, 64 levels deep at most', () => {
    expect(findJsonProblem({ items: [{ label: 'Pain', quantity: 2, tags: ['a', 'b'] }], vide: null, n: 0 })).to.equal(null);
    expect(findJsonProblem(lists(MAX_JSON_DEPTH))).to.equal(null);
    expect(findJsonProblem(objects(MAX_JSON_DEPTH))).to.equal(null);
    expect(findJsonProblem('texte')).to.equal(null);
    expect(findJsonProblem(42)).to.equal(null);
  });

  it('refuses one level more, and 200 000 levels without overflowing the stack', () => {
    expect(findJsonProblem(lists(MAX_JSON_DEPTH + 1))?.kind).to.equal('depth');
    expect(findJsonProblem(objects(MAX_JSON_DEPTH + 1))).to.deep.include({ kind: 'depth', path: Array(MAX_JSON_DEPTH).fill('a').join('.') });
    expect(findJsonProblem(lists(200_000))?.kind).to.equal('depth');
    expect(findJsonProblem(objects(200_000))?.kind).to.equal('depth');
  });

  it('refuses `__proto__` anywhere, and `constructor` holding `prototype`, naming where', () => {
    expect(findJsonProblem(JSON.parse('{"__proto__":{"god":true}}'))).to.deep.equal({ kind: 'key', path: '__proto__', key: '__proto__' });
    expect(findJsonProblem(JSON.parse('{"a":[1,{"b":{"__proto__":null}}]}'))).to.deep.equal({ kind: 'key', path: 'a[1].b.__proto__', key: '__proto__' });
    expect(findJsonProblem(JSON.parse('[{"constructor":{"prototype":{}}}]'))).to.deep.equal({ kind: 'key', path: '[0].constructor.prototype', key: 'constructor.prototype' });
    // a key named constructor with data in it is data
    expect(findJsonProblem({ constructor: 'Dupont', prototypes: { prototype: 1 } })).to.equal(null);
  });

  it('refuses a lone surrogate in a value or a key, naming the first one in document order', () => {
    expect(findJsonProblem({ a: 'ok', b: ['x', 'y\ud800'], c: '\udc00' })).to.deep.equal({ kind: 'text', path: 'b[1]' });
    expect(findJsonProblem({ ['k\ud800']: 1 })).to.deep.equal({ kind: 'text', path: 'k\ud800' });
    expect(findJsonProblem('\ud83d')).to.deep.equal({ kind: 'text', path: '(valeur)' });
    expect(findJsonProblem({ emoji: '😀', accents: 'été' })).to.equal(null);
  });

  it('says it in French', () => {
    expect(jsonProblemMessage({ kind: 'key', path: '__proto__', key: '__proto__' }, 'Corps JSON')).to.equal('Corps JSON refusé : la clé « __proto__ » n’est pas permise.');
    expect(jsonProblemMessage({ kind: 'depth', path: 'a' }, 'Corps JSON')).to.equal('Corps JSON trop imbriqué : 64 niveaux au plus.');
  });
});

describe('http: JSON bodies', () => {
  it('reads UTF-8, with or without a BOM; an empty body is no body', () => {
    expect(parseJsonBody(Buffer.from('{"nom":"Été 😀"}'))).to.deep.equal({ nom: 'Été 😀' });
    expect(parseJsonBody(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('[1]')]))).to.deep.equal([1]);
    expect(parseJsonBody(Buffer.alloc(0))).to.equal(undefined);
  });

  it('refuses bytes that are not UTF-8 instead of replacing them with U+FFFD', () => {
    for (const bytes of [Buffer.from('{"nom":"Été"}', 'latin1'), Buffer.from([0x7b, 0xc3, 0x7d]), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from([0xf8, 0x88, 0x80, 0x80, 0x80])]) {
      const e = refusal(() => parseJsonBody(bytes));
      expect(e.status).to.equal(400);
      expect(e.message).to.equal('Le corps de la requête n’est pas de l’UTF-8 valide : envoyez le JSON encodé en UTF-8.');
    }
  });

  it('takes an object or a list only, then the guard', () => {
    for (const text of ['42', '"texte"', 'null', 'true']) expect(refusal(() => parseJsonBody(Buffer.from(text))).message).to.match(/objet JSON/);
    for (const text of ['{', '   ', '{a:1}']) expect(refusal(() => parseJsonBody(Buffer.from(text))).message).to.equal('Le corps de la requête n’est pas un JSON valide.');
    const proto = refusal(() => parseJsonBody(Buffer.from('{"x":{"__proto__":{}}}')));
    expect([proto.message, proto.details]).to.deep.equal(['Corps JSON refusé : la clé « __proto__ » n’est pas permise.', [{ field: 'x.__proto__', message: 'clé « __proto__ » non permise' }]]);
  });

  it('reads the charset of a Content-Type; only UTF-8 labels are UTF-8', () => {
    expect(declaredCharset('application/json')).to.equal('');
    expect(declaredCharset('application/json; charset=UTF-8')).to.equal('UTF-8');
    expect(declaredCharset('application/json;charset="latin1"; x=y')).to.equal('latin1');
    expect(declaredCharset('application/json; Charset = iso-8859-1')).to.equal('iso-8859-1');
    for (const label of ['utf-8', 'UTF-8', 'utf8', 'Utf8', '"utf-8"']) expect(isUtf8Label(label), label).to.equal(true);
    for (const label of ['latin1', 'utf-16', 'utf-7', 'utf-88', 'us-ascii', 'unicode-1-1-utf-8']) expect(isUtf8Label(label), label).to.equal(false);
  });
});
