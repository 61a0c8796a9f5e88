/** The archiving rule, without HTTP or database. */
import { expect } from 'chai';
import { HttpError } from '@comptoir/sdk';
import { archiveChanges } from '../server/services/items/archiving.ts';

describe('surveys : règle d’archivage', () => {
  const now = new Date('2026-03-14T09:30:00.000Z');

  it('archive un élément actif à l’instant donné', () => {
    expect(archiveChanges({ archived: false }, now)).to.deep.equal({ archived: true, archivedAt: '2026-03-14T09:30:00.000Z' });
  });

  it('refuse d’archiver deux fois (409, message en français)', () => {
    expect(() => archiveChanges({ archived: true, archivedAt: '2026-01-01T00:00:00.000Z' }, now))
      .to.throw(HttpError, 'déjà archivé')
      .with.property('status', 409);
  });
});
