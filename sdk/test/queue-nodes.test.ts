/** The `queueNodeTypes` extension point's boot check: a wrong contribution is named, a right one passes. */
import { expect } from 'chai';
import { queueNodeTypes, type QueueNodeType } from '../src/index.ts';

const loaded = { hasPlugin: () => true, entity: () => null, hasPermission: () => true };
const ok: QueueNodeType = {
  identifier: 'hang-up', name: 'Raccrocher', typeIdentifier: 'call-routing', ending: true,
  exits: [{ id: 'main', label: 'Suite' }], configurationSchema: { type: 'object', properties: {} },
  run: () => ({ end: true }),
};
const check = (v: Partial<QueueNodeType>) => queueNodeTypes.validate!({ ...ok, ...v } as QueueNodeType, loaded);

describe('sdk : queueNodeTypes', () => {
  it('est le point `process-queues.node-types`, détenu par process-queues', () => {
    expect(queueNodeTypes.id).to.equal('process-queues.node-types');
    expect(queueNodeTypes.owner).to.equal('process-queues');
  });

  it('accepte un type complet (une fin peut garder une sortie)', () => {
    expect(check({})).to.equal(null);
  });

  it('refuse un type incomplet en le nommant', () => {
    expect(check({ identifier: 'Raccrocher' })).to.match(/identifier « Raccrocher » must be kebab-case/);
    expect(check({ name: ' ' })).to.match(/« hang-up »: a French name/);
    expect(check({ typeIdentifier: '' })).to.match(/typeIdentifier/);
    expect(check({ exits: [{ id: 'main', label: 'A' }, { id: 'main', label: 'B' }] })).to.match(/exit « main » is listed twice/);
    expect(check({ exits: [{ id: '', label: 'A' }] })).to.match(/every exit needs an id and a label/);
    expect(check({ configurationSchema: { type: 'string' } })).to.match(/configurationSchema must be an object schema/);
    expect(check({ run: undefined as never })).to.match(/run\(ctx, step\) is required/);
  });
});
