/**
 * What every command of `tools/` shares: a French error type for refusals, and a runner that turns
 * any failure into one French sentence on stderr and exit code 1 (no stack for expected refusals;
 * an unexpected error's stack without any statement or bound value: safe-error.ts of the server).
 */
import { safeMessage, safeStack } from '../../server/src/app/safe-error.ts';

export class ToolError extends Error { override name = 'ToolError'; }

/** Errors whose message is already a French sentence for a person. */
const EXPECTED = new Set(['ToolError', 'ConfigError', 'PluginError', 'MigrationError', 'BackupError', 'FirstStartError']);

/** Connection failures of mysql2, said for a person. */
const DATABASE_CODES: Record<string, string> = {
  ECONNREFUSED: 'le serveur de base de données ne répond pas (vérifiez DATABASE_URL)',
  ENOTFOUND: 'l’hôte de DATABASE_URL est inconnu',
  ER_BAD_DB_ERROR: 'la base nommée dans DATABASE_URL n’existe pas',
  ER_ACCESS_DENIED_ERROR: 'accès refusé par le serveur de base de données (utilisateur ou mot de passe de DATABASE_URL)',
};

/** `<title> : <one French sentence>`, or for an unexpected error its safe stack. */
export function describeFailure(title: string, e: unknown): string {
  const err = e as Error;
  const code = (err as { code?: string })?.code;
  if (EXPECTED.has(err?.name)) return `${title} : ${safeMessage(err)}`;
  if (code && DATABASE_CODES[code]) return `${title} : ${DATABASE_CODES[code]} (${safeMessage(err)}).`;
  return `${title} : erreur inattendue — ${err instanceof Error ? safeStack(err) : safeMessage(e)}`;
}

export async function runCli(title: string, main: () => Promise<number | void>): Promise<void> {
  try {
    const code = await main();
    process.exitCode = code ?? 0;
  } catch (e) {
    console.error(describeFailure(title, e));
    process.exitCode = 1;
  }
}

/** For feminine nouns: « 1 migration appliquée », « 2 migrations appliquées », « aucune migration appliquée ». */
export function count(n: number, noun: string, adjective = ''): string {
  const plural = n > 1 ? 's' : '';
  const adj = adjective ? ` ${adjective}${plural}` : '';
  return n === 0 ? `aucune ${noun}${adj}` : `${n} ${noun}${plural}${adj}`;
}

/** node's parseArgs errors, said in French: an unknown option, or an option without its value. */
export function argumentError(e: unknown, usage: string): ToolError {
  const err = e as Error & { code?: string };
  const option = /'(-{1,2}[^' ]+)/.exec(err.message)?.[1] ?? '';
  if (err.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return new ToolError(`option inconnue « ${option} ». ${usage}`);
  if (err.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return new ToolError(`l’option ${option} attend une valeur. ${usage}`);
  return new ToolError(`arguments invalides (${err.message}). ${usage}`);
}
