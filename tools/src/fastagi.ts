/**
 * `npm run fastagi -- --url <comptoir> --company <id> [--port 12020] [--host 0.0.0.0] [--tts-dir <dir>]`:
 * runs the FastAGI bridge between Asterisk and Comptoir (fastagi/server.ts; plugins/pbx/README.md
 * « Asterisk side ») on the Asterisk host. The access token (a user whose role grants
 * « Acheminer les appels ») comes from COMPTOIR_TOKEN and the server's key from COMPTOIR_PBX_KEY
 * (never on the command line, which `ps` shows).
 */
import { parseArgs } from 'node:util';
import { argumentError, runCli, ToolError } from './cli.ts';
import { DEFAULT_FASTAGI_PORT, startFastAgiBridge } from './fastagi/server.ts';
import { createTts } from './fastagi/tts.ts';

const USAGE = 'usage : COMPTOIR_TOKEN=… COMPTOIR_PBX_KEY=… npm run fastagi -- --url <adresse de Comptoir> --company <identifiant> [--port 12020] [--host 0.0.0.0] [--tts-dir /var/lib/asterisk/sounds/comptoir]';

await runCli('Passerelle FastAGI', async () => {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: { url: { type: 'string' }, company: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, 'tts-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  const v = parsed.values;
  if (v.help) { console.log(USAGE); return 0; }
  const token = process.env.COMPTOIR_TOKEN;
  const key = process.env.COMPTOIR_PBX_KEY;
  if (!v.url || !/^https?:\/\//.test(v.url)) throw new ToolError(`--url est obligatoire (http:// ou https://). ${USAGE}`);
  if (!v.company || !/^[0-9a-f]{24}$/.test(v.company)) throw new ToolError(`--company doit être l’identifiant de l’entreprise (24 caractères hexadécimaux). ${USAGE}`);
  if (!token) throw new ToolError('COMPTOIR_TOKEN est obligatoire : un jeton d’accès d’un utilisateur autorisé à « Acheminer les appels ».');
  if (!key || key.length < 16) throw new ToolError('COMPTOIR_PBX_KEY est obligatoire : la clé du serveur (Téléphonie › Serveurs), au moins 16 caractères.');
  const port = v.port === undefined ? DEFAULT_FASTAGI_PORT : Number(v.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ToolError(`--port « ${v.port} » n’est pas un port (1 à 65535).`);
  const tts = createTts({ dir: v['tts-dir'] ?? '/var/lib/asterisk/sounds/comptoir' });
  const bridge = await startFastAgiBridge({
    port, host: v.host, key, api: { url: v.url, token, company: v.company }, tts,
    log: (e) => console.log(`${new Date().toISOString()} ${e.kind}${e.callid ? ` ${e.callid}` : ''}${e.reason ? ` — ${e.reason}` : ''}`),
  });
  console.log(`Passerelle FastAGI à l’écoute sur ${v.host ?? '0.0.0.0'}:${bridge.port}, vers ${v.url}`);
  await new Promise(() => { /* runs until stopped */ });
});
