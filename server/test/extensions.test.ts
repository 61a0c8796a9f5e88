/**
 * The registry of extension points (server/src/plugins/extensions.ts), over plain plugin
 * definitions: who may declare, what stops the boot, what is left aside, and the order.
 */
import { expect } from 'chai';
import { contribute, defineExtensionPoint, type PluginDefinition } from '@comptoir/sdk';
import { buildExtensionRegistry } from '../src/plugins/extensions.ts';

const widgets = defineExtensionPoint<{ title: string }>({
  id: 'board.widgets', description: 'test point',
  validate: (w) => (w.title ? null : 'a title is required'),
});
const plugins = (...defs: PluginDefinition[]) => defs.map((def) => ({ def }));

describe('extension points: the registry built at boot', () => {
  it('lists the contributions of each declared point in plugin order, then in the order given', () => {
    const registry = buildExtensionRegistry(plugins(
      { id: 'board', extensionPoints: [widgets], contributions: [contribute(widgets, { title: 'own' })] },
      { id: 'a', contributions: [contribute(widgets, { title: 'a1' }), contribute(widgets, { title: 'a2' })] },
      { id: 'b', contributions: [contribute(widgets, { title: 'b1' })] },
    ));
    expect(registry.contributions.get('board.widgets')!.map((c) => `${c.plugin}:${(c.value as { title: string }).title}`))
      .to.deep.equal(['board:own', 'a:a1', 'a:a2', 'b:b1']);
    expect(registry.ignored).to.deep.equal([]);
  });

  it('leaves aside a contribution whose owner is not loaded (no dependency needed to contribute)', () => {
    const registry = buildExtensionRegistry(plugins({ id: 'a', contributions: [contribute(widgets, { title: 'a1' })] }));
    expect(registry.ignored).to.deep.equal([{ plugin: 'a', point: 'board.widgets' }]);
    expect(registry.contributions.size).to.equal(0);
  });

  it('stops the boot for a point the loaded owner does not declare, naming both', () => {
    expect(() => buildExtensionRegistry(plugins({ id: 'board' }, { id: 'a', contributions: [contribute(widgets, { title: 'x' })] })))
      .to.throw('plugin "a" contributes to "board.widgets", which "board" does not declare');
  });

  it('stops the boot for a contribution the point refuses, naming the contributor', () => {
    expect(() => buildExtensionRegistry(plugins(
      { id: 'board', extensionPoints: [widgets] },
      { id: 'a', contributions: [contribute(widgets, { title: '' })] },
    ))).to.throw('plugin "a": contribution to "board.widgets" refused: a title is required');
  });

  it('lets a plugin declare only its own points, each once', () => {
    expect(() => buildExtensionRegistry(plugins({ id: 'other', extensionPoints: [widgets] })))
      .to.throw('belongs to "board"');
    expect(() => buildExtensionRegistry(plugins({ id: 'board', extensionPoints: [widgets, widgets] })))
      .to.throw('declared twice');
  });

  it('refuses ids that do not name their owner', () => {
    expect(() => defineExtensionPoint({ id: 'widgets', description: '' })).to.throw('<owner plugin>.<name>');
    expect(() => contribute(widgets, { title: 'x' }).point.owner).not.to.throw();
    expect(contribute(widgets, { title: 'x' }).point.owner).to.equal('board');
  });
});
