/** Every name a scaffolded plugin derives from its id, computed once so the templates agree. */
export interface PluginNames {
  /** `prise-de-rendez-vous` */
  id: string;
  /** French menu label, e.g. « Prise de rendez-vous » */
  label: string;
  /** SQL prefix: `prise_de_rendez_vous` */
  sqlPrefix: string;
  /** `prise_de_rendez_vous_items` */
  table: string;
  /** `YYYYMMDDHHMMSS_init` */
  migrationName: string;
  /** `/api/prise-de-rendez-vous/items` */
  apiBase: string;
  /** TypeScript names of the contract: `PriseDeRendezVous` (types), `priseDeRendezVous` (values) */
  pascal: string;
  camel: string;
}

/** `reservations` -> `Reservations`, `prise-de-rendez-vous` -> `Prise de rendez vous`. */
export function defaultLabel(id: string): string {
  const words = id.split('-').join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** UTC `YYYYMMDDHHMMSS`, the migration name prefix (docs/architecture.md « Plugins as data »). */
export function timestamp(now: Date): string {
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function namesOf(id: string, label: string, now: Date): PluginNames {
  const sqlPrefix = id.replace(/-/g, '_');
  const pascal = id.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return {
    id,
    label,
    sqlPrefix,
    table: `${sqlPrefix}_items`,
    migrationName: `${timestamp(now)}_init`,
    apiBase: `/api/${id}/items`,
    pascal,
    camel: pascal.charAt(0).toLowerCase() + pascal.slice(1),
  };
}

/** A TypeScript single-quoted string literal. */
export function tsString(s: string): string {
  return `'${s.replace(/\\/g, '\\\\').replace(/'/g, '\\\'')}'`;
}
