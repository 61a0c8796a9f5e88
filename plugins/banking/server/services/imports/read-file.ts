/**
 * A bank file → its statements: the format given, else recognised from the content (an `<OFX>`
 * or `OFXHEADER`, a camt.053 document, a JSON object, else CSV).
 */
import { badRequest } from '@comptoir/sdk';
import type { CsvMapping, ImportFormat } from '../../../schemas/index.ts';
import { readAggregator } from './aggregator.ts';
import { readCamt } from './camt.ts';
import { readCsv } from './csv.ts';
import { readOfx } from './ofx.ts';
import type { ParsedFile } from './statement.ts';
import { decodeBankText } from './text-encoding.ts';

export function detectFormat(text: string): ImportFormat {
  const head = text.slice(0, 4000);
  if (/OFXHEADER|<OFX>/i.test(head)) return 'ofx';
  if (/camt\.05[23]|<BkToCstmrStmt/i.test(head)) return 'camt';
  if (/^\s*[{[]/.test(head)) return 'aggregator';
  return 'csv';
}

export function readBankFile(bytes: Uint8Array, format: ImportFormat | undefined, csvMapping: CsvMapping | null | undefined): { file: ParsedFile; csvMapping?: CsvMapping } {
  if (bytes.length === 0) throw badRequest('Le fichier est vide.', [{ field: 'file', message: 'vide' }]);
  const { text } = decodeBankText(bytes);
  const chosen = format ?? detectFormat(text);
  switch (chosen) {
    case 'ofx': return { file: readOfx(text) };
    case 'camt': return { file: readCamt(text) };
    case 'aggregator': return { file: readAggregator(text) };
    case 'csv': {
      const { file, mapping } = readCsv(text, csvMapping);
      return { file, csvMapping: mapping };
    }
  }
}
