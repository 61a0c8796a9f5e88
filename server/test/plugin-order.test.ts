import { expect } from 'chai';
import type { PluginManifest } from '@comptoir/sdk';
import { checkAndOrder } from '../src/plugins/order.ts';
import { PluginError } from '../src/plugins/manifest.ts';

const m = (id: string, dependsOn: Record<string, string> = {}, extra: Partial<PluginManifest> = {}): PluginManifest => ({
  id, version: '1.0.0', sdk: '^0.1.0', dependsOn, menu: [], client: null, server: './server/index.ts', dir: `/p/${id}`, ...extra,
});

describe('plugin order', () => {
  it('puts dependencies first, ties in alphabetical order', () => {
    const order = checkAndOrder([m('invoicing', { contacts: '^1.0.0', catalogue: '^1.0.0' }), m('contacts'), m('catalogue'), m('zeta'), m('alpha')], '0.1.0');
    expect(order.map((p) => p.id)).to.deep.equal(['alpha', 'catalogue', 'contacts', 'invoicing', 'zeta']);
  });

  it('refuses a cycle, naming the plugins in order', () => {
    expect(() => checkAndOrder([m('a', { b: '*' }), m('b', { c: '*' }), m('c', { a: '*' })], '0.1.0'))
      .to.throw(PluginError, 'Dépendances circulaires entre plugins : a → b → c → a.');
  });

  it('refuses a missing dependency, naming both plugins', () => {
    expect(() => checkAndOrder([m('invoicing', { contacts: '^1.0.0' })], '0.1.0'))
      .to.throw(PluginError, 'Le plugin « invoicing » dépend de « contacts », qui est absent.');
  });

  it('refuses a dependency in the wrong version', () => {
    expect(() => checkAndOrder([m('invoicing', { contacts: '^2.0.0' }), m('contacts')], '0.1.0'))
      .to.throw(PluginError, 'demande « contacts » ^2.0.0, mais la version présente est 1.0.0');
  });

  it('refuses an SDK range the kernel does not satisfy', () => {
    expect(() => checkAndOrder([m('old', {}, { sdk: '^2.0.0' })], '0.1.0'))
      .to.throw(PluginError, 'Le plugin « old » demande le SDK ^2.0.0, mais ce noyau fournit le SDK 0.1.0.');
  });

  it('refuses a duplicate id, naming both folders', () => {
    expect(() => checkAndOrder([m('a'), { ...m('a'), dir: '/other/a' }], '0.1.0'))
      .to.throw(PluginError, "Deux plugins portent l'identifiant « a » : /p/a et /other/a.");
  });
});

describe('plugin order with the kernel', () => {
  it('always starts with the kernel, an implicit dependency of every plugin', () => {
    const order = checkAndOrder([m('alpha'), m('kernel', {}, { sdk: '*' }), m('beta', { alpha: '*' })], '0.1.0');
    expect(order.map((p) => p.id)).to.deep.equal(['kernel', 'alpha', 'beta']);
  });
});
