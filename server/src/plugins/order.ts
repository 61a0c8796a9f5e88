/**
 * Orders plugins by `dependsOn` and refuses, in one sentence naming the plugins, a duplicate id,
 * a missing dependency, a version mismatch, an SDK range mismatch or a cycle.
 */
import semver from 'semver';
import type { PluginManifest } from '@comptoir/sdk';
import { PluginError } from './manifest.ts';

export function checkAndOrder(manifests: PluginManifest[], sdkVersion: string): PluginManifest[] {
  const byId = new Map<string, PluginManifest>();
  for (const m of manifests) {
    const other = byId.get(m.id);
    if (other) throw new PluginError(`Deux plugins portent l'identifiant « ${m.id} » : ${other.dir} et ${m.dir}.`);
    byId.set(m.id, m);
  }
  for (const m of manifests) {
    if (!semver.validRange(m.sdk) || !semver.satisfies(sdkVersion, m.sdk, { includePrerelease: true })) {
      throw new PluginError(`Le plugin « ${m.id} » demande le SDK ${m.sdk}, mais ce noyau fournit le SDK ${sdkVersion}.`);
    }
    for (const [dep, range] of Object.entries(m.dependsOn)) {
      const target = byId.get(dep);
      if (!target) throw new PluginError(`Le plugin « ${m.id} » dépend de « ${dep} », qui est absent.`);
      if (!semver.validRange(range) || !semver.satisfies(target.version, range, { includePrerelease: true })) {
        throw new PluginError(`Le plugin « ${m.id} » demande « ${dep} » ${range}, mais la version présente est ${target.version}.`);
      }
    }
  }
  // depth-first topological sort; ties keep alphabetical order so boots are reproducible
  const order: PluginManifest[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (m: PluginManifest, trail: string[]) => {
    const s = state.get(m.id);
    if (s === 'done') return;
    if (s === 'visiting') {
      const cycle = [...trail.slice(trail.indexOf(m.id)), m.id];
      throw new PluginError(`Dépendances circulaires entre plugins : ${cycle.join(' → ')}.`);
    }
    state.set(m.id, 'visiting');
    // every plugin stands on the kernel, declared or not
    const deps = Object.keys(m.dependsOn).sort();
    if (m.id !== 'kernel' && byId.has('kernel') && !deps.includes('kernel')) deps.unshift('kernel');
    for (const dep of deps) visit(byId.get(dep)!, [...trail, m.id]);
    state.set(m.id, 'done');
    order.push(m);
  };
  for (const m of [...manifests].sort((a, b) => a.id.localeCompare(b.id))) visit(m, []);
  return order;
}
