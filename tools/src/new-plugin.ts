/**
 * `npm run new-plugin -- <id> [--dir <folder>] [--label <libellé>]`: scaffolds a plugin (default
 * folder `plugins/<id>`) that boots and passes its own tests unchanged, with a React remote that
 * builds on its own (`npm run build` in the plugin folder).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { argumentError, runCli, ToolError } from './cli.ts';
import { scaffoldPlugin, REPO_ROOT } from './scaffold/scaffold.ts';

const USAGE = 'usage : npm run new-plugin -- <identifiant> [--dir <dossier>] [--label <libellé du menu>]';

await runCli('Création du plugin impossible', async () => {
  let parsed;
  try {
    parsed = parseArgs({
      args: process.argv.slice(2),
      allowPositionals: true,
      options: { dir: { type: 'string' }, label: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (e) {
    throw argumentError(e, USAGE);
  }
  if (parsed.values.help) { console.log(USAGE); return 0; }
  if (parsed.positionals.length > 1) throw new ToolError(`un seul identifiant attendu (reçu ${parsed.positionals.join(', ')}). ${USAGE}`);
  const result = scaffoldPlugin({ id: parsed.positionals[0], dir: parsed.values.dir, label: parsed.values.label });
  const shown = path.relative(process.cwd(), result.dir) || '.';
  const inRepo = !path.relative(REPO_ROOT, result.dir).startsWith('..');
  console.log(`Plugin « ${result.names.id} » créé dans ${shown} :`);
  for (const f of result.files) console.log(`  ${f}`);
  const inWorkspaces = path.dirname(result.dir) === path.join(REPO_ROOT, 'plugins');
  console.log('\nEnsuite :');
  if (inWorkspaces) console.log('  npm install   (inscrit le nouvel espace de travail dans package-lock.json)');
  console.log(`  (cd ${shown} && npm test)            tests du plugin`);
  console.log(`  (cd ${shown} && npm run build)       construit son écran (client/dist)`);
  if (!inWorkspaces) {
    console.log(`  COMPTOIR_PLUGINS_PATH=${result.dir} npm start   charge le plugin sans reconstruire le shell ni le noyau`);
  }
  if (!inRepo) console.log('  (hors du dépôt : installez les dépendances du package.json, dont @comptoir/sdk, @comptoir/schemas et @comptoir/server)');
  console.log(`  API : ${result.names.apiBase}   menu : « ${result.names.label} »`);
  return 0;
});
