/** The platform's assembly of the home page (services/dashboard/assemble.ts), on plain contexts. */
import { expect } from 'chai';
import type { CallContext, Contributed, DashboardWidget, FirstStep } from '@comptoir/sdk';
import { byOrder, loadStep, loadWidget, visible, WIDGET_FAILED } from '../src/platform/services/dashboard/assemble.ts';

const logged: unknown[] = [];
const ctx = (perms: string[] = []) => ({
  can: (p: string) => perms.includes(p),
  log: { error: (o: unknown) => logged.push(o), info() {}, warn() {}, debug() {} },
}) as unknown as CallContext;

const widget = (key: string, extra: Partial<DashboardWidget> = {}): Contributed<DashboardWidget> => ({
  plugin: 'p', ctx: ctx(), value: { key, title: key, load: async () => ({ figures: [] }), ...extra },
});

describe('tableau de bord : assemblage', () => {
  it('garde les contributions sans permission ou dont la permission est détenue', () => {
    const list = [widget('a'), widget('b', { permission: 'x.read' }), widget('c', { permission: 'y.read' })];
    expect(visible(ctx(['x.read']), list).map((c) => c.value.key)).to.deep.equal(['a', 'b']);
  });

  it('trie par ordre, stable à ordre égal', () => {
    expect(byOrder([{ order: 2, k: 'a' }, { order: 1, k: 'b' }, { order: 2, k: 'c' }]).map((x) => x.k)).to.deep.equal(['b', 'a', 'c']);
  });

  it('un bloc qui échoue porte un message en français, l’erreur est journalisée', async () => {
    const v = await loadWidget(widget('boom', { load: async () => { throw new Error('panne'); } }));
    expect(v).to.deep.include({ id: 'p.boom', error: WIDGET_FAILED, size: 'medium', order: 500 });
    expect(v).not.to.have.property('content');
    expect(logged.length).to.be.greaterThan(0);
  });

  it('un pas qui échoue compte comme à faire', async () => {
    const step: Contributed<FirstStep> = { plugin: 'p', ctx: ctx(), value: { key: 's', label: 'Faites-le', link: '/x', done: async () => { throw new Error('panne'); } } };
    expect(await loadStep(step)).to.deep.equal({ id: 'p.s', label: 'Faites-le', link: '/x', done: false });
  });
});
