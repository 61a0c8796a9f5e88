/** The platform's verification of every contributed chain (services/integrity/verify-chains.ts), on plain contexts. */
import { expect } from 'chai';
import { integrityChains, type CallContext, type Contributed, type IntegrityChain } from '@comptoir/sdk';
import { CHAIN_FAILED, verifyChains, visibleChains } from '../src/platform/services/integrity/verify-chains.ts';
import { loadedDeclarations } from '../src/plugins/extensions.ts';

const nothing = loadedDeclarations([]);

const logged: unknown[] = [];
const chain = (key: string, extra: Partial<IntegrityChain> = {}): Contributed<IntegrityChain> => ({
  plugin: 'p', ctx: plain(), value: { key, label: key, verify: async () => ({ valid: true, checked: 2, firstBroken: null, chains: [] }), ...extra },
});
function plain(perms: string[] = [], list: Contributed<IntegrityChain>[] = []): CallContext {
  return {
    can: (p: string) => perms.includes(p),
    contributions: () => list,
    log: { error: (o: unknown) => logged.push(o), info() {}, warn() {}, debug() {} },
  } as unknown as CallContext;
}

describe('intégrité : vérification de toutes les chaînes', () => {
  it('montre les chaînes sans permission ou dont la permission est détenue, par ordre', () => {
    const list = [chain('a', { order: 300 }), chain('b', { permission: 'x.read', order: 100 }), chain('c', { permission: 'y.read' })];
    expect(visibleChains(plain(['x.read'], list)).map((c) => c.value.key)).to.deep.equal(['b', 'a']);
  });

  it('une chaîne dont la vérification échoue n’est pas déclarée intacte : message en français, erreur journalisée', async () => {
    const list = [chain('ok'), chain('boom', { verify: async () => { throw new Error('panne'); } })];
    const view = await verifyChains(plain([], list));
    expect(view.valid).to.equal(false);
    expect(view.checked).to.equal(2);
    expect(view.chains[1]).to.deep.equal({ id: 'p.boom', plugin: 'p', label: 'boom', valid: false, checked: 0, firstBroken: null, error: CHAIN_FAILED });
    expect(logged.length).to.be.greaterThan(0);
  });

  it('refuse à l’amorçage une contribution sans libellé ou sans verify', () => {
    expect(integrityChains.validate!({ key: 'x', label: ' ', verify: async () => ({ valid: true, checked: 0, firstBroken: null, chains: [] }) }, nothing)).to.match(/French label/);
    expect(integrityChains.validate!({ key: 'Mauvaise clé', label: 'x' } as unknown as IntegrityChain, nothing)).to.match(/kebab-case/);
    expect(integrityChains.validate!({ key: 'x', label: 'x' } as unknown as IntegrityChain, nothing)).to.match(/verify/);
  });
});
