/**
 * What `new-plugin` refuses before writing anything, each time with a French sentence: an id that
 * is not kebab-case, too long for the SQL names derived from it, `kernel` or a path the kernel
 * already serves under `/api`, an id already taken in `plugins/`, or a target folder that exists.
 */
import fs from 'node:fs';
import path from 'node:path';
import kernelPlugin from '../../../server/src/platform/index.ts';
import { ToolError } from '../cli.ts';

export const PLUGIN_ID_RE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** `<id>_migrations` and `<id>_items` must fit MySQL's 64-character identifiers, with room for indexes. */
export const MAX_ID_LENGTH = 40;

/** First path segments the kernel mounts under `/api` (`auth`, `users`, `kernel`, ...). */
export function kernelPaths(): Set<string> {
  const out = new Set<string>(['kernel']);
  for (const r of kernelPlugin.routes ?? []) {
    const first = r.path.split('/').filter(Boolean)[0];
    if (first && !first.startsWith(':')) out.add(first);
  }
  return out;
}

export function checkPluginId(id: string | undefined): string {
  if (!id) {
    throw new ToolError('indiquez l’identifiant du plugin, par exemple : npm run new-plugin -- reservations.');
  }
  if (id === 'kernel') {
    throw new ToolError('« kernel » est réservé au noyau : choisissez un autre identifiant.');
  }
  if (!PLUGIN_ID_RE.test(id)) {
    throw new ToolError(
      `identifiant invalide « ${id} » : il doit être en minuscules, commencer par une lettre et ne contenir que des lettres, des chiffres et des tirets simples (par exemple « prise-de-rendez-vous »).`,
    );
  }
  if (id.length > MAX_ID_LENGTH) {
    throw new ToolError(`identifiant trop long « ${id} » (${id.length} caractères, ${MAX_ID_LENGTH} au plus) : les noms de tables en sont dérivés.`);
  }
  if (kernelPaths().has(id)) {
    throw new ToolError(`« ${id} » est déjà une adresse du noyau (/api/${id}) : choisissez un autre identifiant.`);
  }
  return id;
}

/** A menu label is one line of French text. */
export function checkLabel(label: string): string {
  const trimmed = label.trim();
  // eslint-disable-next-line no-control-regex -- a control character is what this refuses
  if (!trimmed || trimmed.length > 60 || /[\u0000-\u001f]/.test(trimmed) || trimmed.includes('*/')) {
    throw new ToolError('le libellé du menu (--label) doit tenir sur une ligne de 60 caractères au plus.');
  }
  return trimmed;
}

/** The folder must not exist, and no plugin of `builtinDir` may already use the id. */
export function checkTarget(id: string, dir: string, builtinDir: string): void {
  if (fs.existsSync(dir)) {
    throw new ToolError(`le dossier ${dir} existe déjà : rien n’a été créé. Supprimez-le ou choisissez un autre --dir.`);
  }
  if (!fs.existsSync(builtinDir)) return;
  for (const entry of fs.readdirSync(builtinDir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const pkgFile = path.join(builtinDir, entry.name, 'package.json');
    if (!fs.existsSync(pkgFile)) continue;
    let other: unknown;
    try { other = JSON.parse(fs.readFileSync(pkgFile, 'utf8'))?.comptoir?.id; } catch { continue; }
    if (other === id) {
      throw new ToolError(`un plugin « ${id} » existe déjà dans ${path.join(builtinDir, entry.name)}.`);
    }
  }
}
