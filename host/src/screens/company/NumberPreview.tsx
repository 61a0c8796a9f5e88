/** The next number of a counter as it will be printed, recomputed at each keystroke. */
import { Code, Text } from '@mantine/core';
import { formatDocumentNumber } from '@comptoir/schemas';
import type { NumberingRowValues } from './numberingKinds.ts';

function preview(v: NumberingRowValues): string | null {
  const next = Number(v.next);
  const minDigits = Number(v.minDigits);
  if (!Number.isSafeInteger(next) || next < 1 || !Number.isSafeInteger(minDigits) || minDigits < 0 || minDigits > 30) return null;
  return formatDocumentNumber({ minDigits, prefix: v.prefix, suffix: v.suffix }, next);
}

export function NumberPreview({ values, testId }: { values: NumberingRowValues; testId?: string }) {
  const text = preview(values);
  if (text === null) return <Text size="sm" c="dimmed">—</Text>;
  return <Code fz="sm" data-testid={testId} style={{ whiteSpace: 'nowrap' }}>{text}</Code>;
}
