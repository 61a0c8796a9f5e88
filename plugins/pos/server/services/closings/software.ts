/** The software and its version, stamped on archives and exports (NF525: dated, signed, versioned). */
import { createRequire } from 'node:module';

const pkg = createRequire(import.meta.url)('../../../package.json') as { name: string; version: string };
export const SOFTWARE = `Comptoir ${pkg.name} ${pkg.version}`;
