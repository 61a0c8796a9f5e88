/**
 * `npm run pbx-config -- --url <comptoir> --company <id> --server <id> [--out /etc/asterisk]`: writes
 * the Asterisk files Comptoir generates for one server (extensions.conf, pjsip.conf and the others
 * its contexts name; plugins/pbx/README.md « Asterisk side »), each replaced in one rename. The
 * token (a user allowed to configure the telephony) comes from COMPTOIR_TOKEN. Then: `asterisk -rx
 * "core reload"`.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { argumentError, runCli, ToolError } from './cli.ts';

const USAGE = 'usage : COMPTOIR_TOKEN=… npm run pbx-config -- --url <adresse de Comptoir> --company <identifiant> --server <identifiant du serveur> [--out /etc/asterisk]';
const HEX = /^[0-9a-f]{24}$/;

await runCli('Configuration d’Asterisk', async () => {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: { url: { type: 'string' }, company: { type: 'string' }, server: { type: 'string' }, out: { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  const v = parsed.values;
  if (v.help) { console.log(USAGE); return 0; }
  const token = process.env.COMPTOIR_TOKEN;
  if (!v.url || !/^https?:\/\//.test(v.url)) throw new ToolError(`--url est obligatoire (http:// ou https://). ${USAGE}`);
  if (!v.company || !HEX.test(v.company) || !v.server || !HEX.test(v.server)) throw new ToolError(`--company et --server sont des identifiants de 24 caractères hexadécimaux. ${USAGE}`);
  if (!token) throw new ToolError('COMPTOIR_TOKEN est obligatoire : un jeton d’accès d’un utilisateur autorisé à configurer la téléphonie.');
  const res = await fetch(`${v.url.replace(/\/$/, '')}/api/pbx/servers/${v.server}/config`, { headers: { authorization: `Bearer ${token}`, 'at-company': v.company } })
    .catch((e: unknown) => { throw new ToolError(`Comptoir ne répond pas à ${v.url} (${(e as Error).cause ?? (e as Error).message}).`); });
  const body = await res.json().catch(() => null) as Record<string, string> & { message?: string } | null;
  if (!res.ok || !body) throw new ToolError(`Comptoir a répondu ${res.status}${body?.message ? ` : ${body.message}` : ''}`);
  const out = v.out ?? '/etc/asterisk';
  fs.mkdirSync(out, { recursive: true });
  for (const [name, text] of Object.entries(body)) {
    if (!/^[a-z0-9_-]+\.conf$/.test(name)) throw new ToolError(`nom de fichier refusé « ${name} ».`);
    const target = path.join(out, name);
    fs.writeFileSync(`${target}.tmp`, text);
    fs.renameSync(`${target}.tmp`, target);
    console.log(`${target} écrit (${Buffer.byteLength(text)} octets)`);
  }
  console.log('Ensuite : asterisk -rx "core reload"');
  return 0;
});
