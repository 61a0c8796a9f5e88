/** The lines of a stored document, read-only; lines already credited are marked: the screen kit's table. */
import { DocumentLinesTable } from '@comptoir/sdk/ui';
import type { LineItem } from '../types.ts';

export function LinesTable({ items, credited = new Set<string>() }: { items: LineItem[]; credited?: ReadonlySet<string> }) {
  return <DocumentLinesTable items={items} marked={credited} markLabel="Déjà crédité" />;
}
