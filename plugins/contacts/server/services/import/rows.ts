/** What each reader answers per card or CSV row, before mapping and duplicate detection. */
import type { ContactImport } from '../../../schemas/index.ts';

export interface ReadRow {
  /** 1-based position of the card, or of the data row (the CSV header not counted) */
  row: number;
  /** null when the row could not be read */
  source: ContactImport | null;
  /** French: what was left out of the row */
  warnings: string[];
  /** French: why the row cannot be imported at all */
  skipReason?: string;
}
