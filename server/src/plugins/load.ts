/** Imports each plugin's server entry and checks that it is the plugin its manifest announces. */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fs from 'node:fs';
import type { PluginDefinition, PluginManifest } from '@comptoir/sdk';
import { PluginError } from './manifest.ts';
import { withPushDefaults } from '../notifications/push-notification-catalogue.ts';
import { totalsSpecOf } from '../db/totals/spec.ts';

export async function loadDefinition(manifest: PluginManifest): Promise<PluginDefinition> {
  const entry = path.resolve(manifest.dir, manifest.server);
  if (!fs.existsSync(entry)) throw new PluginError(`Plugin « ${manifest.id} » : point d’entrée serveur introuvable (${entry}).`);
  let mod: { default?: PluginDefinition };
  try {
    mod = await import(pathToFileURL(entry).href);
  } catch (e) {
    throw new PluginError(`Plugin « ${manifest.id} » : impossible de charger ${entry} (${(e as Error).message}).`);
  }
  const def = mod.default;
  if (!def || typeof def !== 'object' || typeof def.id !== 'string') {
    throw new PluginError(`Plugin « ${manifest.id} » : ${entry} doit exporter par défaut definePlugin({...}).`);
  }
  if (def.id !== manifest.id) {
    throw new PluginError(`Plugin « ${manifest.id} » : definePlugin déclare l’identifiant « ${def.id} », différent du manifeste.`);
  }
  checkDefinition(def);
  return def;
}

export function checkDefinition(def: PluginDefinition) {
  const prefix = def.id === 'kernel' ? 'kernel' : def.id;
  for (const p of def.permissions ?? []) {
    if (!p.sysName.startsWith(`${prefix}.`)) {
      throw new PluginError(`Plugin « ${def.id} » : la permission « ${p.sysName} » doit commencer par « ${prefix}. ».`);
    }
  }
  for (const e of def.entities ?? []) {
    if (e.plugin !== def.id) throw new PluginError(`Plugin « ${def.id} » : l’entité « ${e.name} » appartient à « ${e.plugin} ».`);
    try { totalsSpecOf(e); } catch (err) {
      throw new PluginError(`Plugin « ${def.id} » : totaux de l’entité « ${e.name} » mal déclarés (${(err as Error).message}).`);
    }
  }
  const kinds = new Set<string>();
  for (const n of def.pushNotifications ?? []) {
    try { withPushDefaults(n); } catch (e) {
      throw new PluginError(`Plugin « ${def.id} » : ${(e as Error).message}`);
    }
    if (!n.sysName.startsWith(`${prefix}.`)) {
      throw new PluginError(`Plugin « ${def.id} » : le type de notification « ${n.sysName} » doit commencer par « ${prefix}. ».`);
    }
    if (kinds.has(n.sysName)) throw new PluginError(`Plugin « ${def.id} » : le type de notification « ${n.sysName} » est déclaré deux fois.`);
    kinds.add(n.sysName);
  }
  const declared = new Set((def.permissions ?? []).map((p) => p.sysName));
  for (const r of def.routes ?? []) {
    if (typeof r.handler !== 'function') throw new PluginError(`Plugin « ${def.id} » : la route ${r.method} ${r.path} n’a pas de handler.`);
    if (r.permission && r.permission.startsWith(`${prefix}.`) && !declared.has(r.permission)) {
      throw new PluginError(`Plugin « ${def.id} » : la route ${r.method} ${r.path} exige la permission non déclarée « ${r.permission} ».`);
    }
  }
}
