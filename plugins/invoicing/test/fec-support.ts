/** The FEC tests' helpers: the shared reader (test/support/fec.ts) and invoicing's probe plugin. */
import path from 'node:path';

export { HEADER, fetchFec, parseFec, amountOf, entryTotals, pieceLines, type FecAnswer, type FecRecord } from '../../../test/support/fec.ts';

/** The plugin contributing entries to `invoicing.accounting-entries` (test/fixtures/ledger-probe). */
export const LEDGER_PROBE = path.join(import.meta.dirname, 'fixtures', 'ledger-probe');
