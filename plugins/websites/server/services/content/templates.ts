/**
 * Templates (README « Templates »): the built-in « Classique » (seeded at boot, used by a website
 * without template), the files of a template folder read once and served with a content hash, and
 * a variant's params made CSS custom properties — each value checked against its param's type so
 * that nothing can close the declaration.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { badRequest } from '@comptoir/sdk';
import { COLOR_PATTERN, LENGTH_PATTERN, type Template, type TemplateParam, type TemplateVariant } from '../../../schemas/index.ts';
import { badVariantParam, badVariantValue } from '../../messages.ts';

export const TEMPLATES_DIR = path.resolve(import.meta.dirname, '../../../templates');

/** The built-in template (its row is written at boot when missing). */
export const CLASSIQUE = {
  identifier: 'classique', name: 'Classique', description: 'Un site sobre et rapide : bandeau, colonnes, blog, horaires.',
  folder: 'classique', author: 'Comptoir', version: '1.0.0', public: true, boostrap: 'none',
  params: [
    { name: 'primary', label: 'Couleur principale', type: 'color', default: '#8a4b2a' },
    { name: 'accent', label: 'Couleur d’accent', type: 'color', default: '#f2c14e' },
    { name: 'text', label: 'Couleur du texte', type: 'color', default: '#222222' },
    { name: 'background', label: 'Couleur de fond', type: 'color', default: '#ffffff' },
    { name: 'font', label: 'Police', type: 'choice', default: 'system-ui', choices: ['system-ui', 'serif', 'sans-serif', 'Georgia', 'Verdana'] },
  ],
  jsScripts: [{ path: 'site.js', position: 'end-of-body' }],
  cssFiles: [{ path: 'site.css', variantable: true }],
  allowEditorScripts: false,
} satisfies Omit<Template, '_id' | 'metadata' | 'fk'>;

export interface TemplateFile { body: Buffer; hash: string; type: string }

const files = new Map<string, TemplateFile | null>();

const SAFE_FILE = /^[A-Za-z0-9_-][A-Za-z0-9_.-]*(\/[A-Za-z0-9_-][A-Za-z0-9_.-]*)*\.(css|js)$/;

/** A file of a template folder (null when absent or not a plain relative path), read once. */
export function templateFile(folder: string, file: string): TemplateFile | null {
  if (!/^[a-z][a-z0-9-]*$/.test(folder) || !SAFE_FILE.test(file) || file.split('/').some((s) => s.startsWith('..'))) return null;
  const key = `${folder}/${file}`;
  if (!files.has(key)) {
    const full = path.join(TEMPLATES_DIR, folder, file);
    let found: TemplateFile | null = null;
    try {
      const body = fs.readFileSync(full);
      found = { body, hash: crypto.createHash('sha256').update(body).digest('hex').slice(0, 12), type: file.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8' };
    } catch { /* absent: 404 */ }
    files.set(key, found);
  }
  return files.get(key) ?? null;
}

/** `/_site/<folder>/<file>?v=<hash>`: the address of a template file, new at each change of its bytes. */
export function templateFileUrl(folder: string, file: string): string | null {
  const f = templateFile(folder, file);
  return f ? `/_site/${folder}/${file}?v=${f.hash}` : null;
}

const COLOR = new RegExp(COLOR_PATTERN);
const LENGTH = new RegExp(LENGTH_PATTERN);
const FONT = /^[A-Za-z0-9 ,'-]{1,100}$/;

function valueFits(p: TemplateParam, value: string): boolean {
  switch (p.type) {
    case 'color': return COLOR.test(value);
    case 'length': return LENGTH.test(value);
    case 'number': return /^-?\d{1,6}(\.\d{1,4})?$/.test(value);
    case 'boolean': return value === 'true' || value === 'false';
    case 'choice': return (p.choices ?? []).includes(value);
    default: return FONT.test(value);
  }
}

/** A variant's params checked against its template's (400 naming the param). */
export function checkVariantParams(template: Pick<Template, 'params'>, params: { name: string; value: string }[]): void {
  params.forEach((v, i) => {
    const p = template.params.find((x) => x.name === v.name);
    if (!p) throw badRequest(badVariantParam(v.name), [{ field: `params.${i}.name`, message: badVariantParam(v.name) }]);
    if (!valueFits(p, v.value)) throw badRequest(badVariantValue(v.name), [{ field: `params.${i}.value`, message: badVariantValue(v.name) }]);
  });
}

/** `:root{--primary:#…;…}` from the template's defaults and the variant's values (those that fit only). */
export function variantCss(template: Pick<Template, 'params'>, variant: Pick<TemplateVariant, 'params'> | null): string {
  const decl: string[] = [];
  for (const p of template.params) {
    const chosen = variant?.params.find((v) => v.name === p.name)?.value;
    const value = chosen !== undefined && valueFits(p, chosen) ? chosen : p.default !== undefined && valueFits(p, String(p.default)) ? String(p.default) : null;
    if (value !== null && /^[a-z][a-z0-9-]*$/.test(p.name)) decl.push(`--${p.name}:${value}`);
  }
  return decl.length ? `:root{${decl.join(';')}}` : '';
}
