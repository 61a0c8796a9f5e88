import { expect } from 'chai';
import { newId, isId, isIdFieldName, normalizeIdentifiers } from '../src/util/ids.ts';
import { SDK_VERSION } from '@comptoir/sdk';
import sdkPkg from '../../sdk/package.json' with { type: 'json' };

describe('identifiers', () => {
  it('are 24 lower-case hex characters, time-ordered', async () => {
    const a = newId();
    await new Promise((r) => setTimeout(r, 1100));
    const b = newId();
    expect(a).to.match(/^[0-9a-f]{24}$/);
    expect(a < b).to.equal(true);
    expect(isId(a)).to.equal(true);
    expect(isId(a.toUpperCase())).to.equal(false);
    expect(isId('xyz')).to.equal(false);
  });

  it('recognise field names starting or ending with id (http README « Lists »)', () => {
    for (const n of ['_id', 'id', 'userId', 'customerId', 'idCustomer', 'IDClient']) expect(isIdFieldName(n), n).to.equal(true);
    for (const n of ['name', 'valid', 'identity ', 'width']) expect(isIdFieldName(n.trim()), n).to.equal(n.trim() === 'valid' || n.trim() === 'identity');
  });

  it('normalise 24-hex values of id fields, recursively, and nothing else', () => {
    const upper = 'ABCDEF0123456789ABCDEF01';
    const out = normalizeIdentifiers({
      userId: upper, name: upper, nested: { customerId: upper, labels: [upper] }, companyIds: [upper], userIdNote: 'pas un id',
    });
    expect(out).to.deep.equal({
      userId: upper.toLowerCase(), name: upper, nested: { customerId: upper.toLowerCase(), labels: [upper] },
      companyIds: [upper.toLowerCase()], userIdNote: 'pas un id',
    });
  });
});

describe('SDK version', () => {
  it('is the version of the sdk package', () => {
    expect(SDK_VERSION).to.equal(sdkPkg.version);
  });
});
