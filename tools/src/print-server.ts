/**
 * `npm run print-server -- --printer <ip>[:9100] --secret <secret> --cert <cert.pem> --key <key.pem>`:
 * runs the till's print server (print-server/server.ts) on port 9998, HTTPS by default; plain HTTP
 * only with `--insecure` (a trusted network, the register's print server set `secured: false`).
 * The secret may come from COMPTOIR_PRINT_SECRET rather than the command line (which `ps` shows).
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { argumentError, runCli, ToolError } from './cli.ts';
import { DEFAULT_PORT, DEFAULT_PRINTER_PORT, startPrintServer } from './print-server/server.ts';

const USAGE = 'usage : npm run print-server -- --printer <ip>[:port] --secret <secret> (--cert <cert.pem> --key <key.pem> | --insecure) [--port 9998] [--host 0.0.0.0]';

await runCli('Serveur d’impression', async () => {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      options: {
        printer: { type: 'string' }, secret: { type: 'string' }, cert: { type: 'string' }, key: { type: 'string' },
        insecure: { type: 'boolean' }, port: { type: 'string' }, host: { type: 'string' }, help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  const v = parsed.values;
  if (v.help) { console.log(USAGE); return 0; }
  const secret = v.secret ?? process.env.COMPTOIR_PRINT_SECRET;
  if (!v.printer) throw new ToolError(`--printer est obligatoire (l’adresse de l’imprimante). ${USAGE}`);
  if (!secret || secret.length < 8) throw new ToolError('le secret partagé (--secret ou COMPTOIR_PRINT_SECRET) doit avoir au moins 8 caractères.');
  if (!v.insecure && !(v.cert && v.key)) throw new ToolError(`donnez --cert et --key (HTTPS), ou --insecure pour du HTTP sur un réseau de confiance. ${USAGE}`);
  const [printerHost, printerPort] = v.printer.split(':');
  const port = v.port === undefined ? DEFAULT_PORT : Number(v.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new ToolError(`--port « ${v.port} » n’est pas un port (1 à 65535).`);
  const printer = { host: printerHost, port: printerPort ? Number(printerPort) : DEFAULT_PRINTER_PORT };
  if (!Number.isInteger(printer.port) || printer.port < 1 || printer.port > 65535) throw new ToolError(`le port de l’imprimante « ${printerPort} » est invalide.`);
  const tls = v.insecure ? undefined : { cert: fs.readFileSync(v.cert!), key: fs.readFileSync(v.key!) };
  const running = await startPrintServer({ port, host: v.host, secret, printer, tls });
  console.log(`Serveur d’impression à l’écoute sur ${running.secured ? 'https' : 'http'}://${v.host ?? '0.0.0.0'}:${running.port}, imprimante ${printer.host}:${printer.port}`);
  await new Promise(() => { /* runs until stopped */ });
});
