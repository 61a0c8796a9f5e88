/**
 * The lines of a commercial document being edited — designation (and description), quantity, unit
 * price excl. taxes, VAT rate, unit price incl. taxes (typing one converts the other), line total —
 * with « Ajouter une ligne » and the plugin's own adders next to it (invoicing's catalogue picker).
 * One editor for every plugin: invoicing shows all the columns and each line's VAT category (a
 * sale's: `vatCategories`), purchases (typed excl. taxes, to the ten-thousandth, as suppliers'
 * invoices give them) leaves out the description, the TTC price and the category.
 */
import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { formatMoney } from '@comptoir/sdk/react';
import { MoneyInput } from '../MoneyInput.tsx';
import { emptyLine, lineTotalExcl, vatOptions, withExcl, withIncl, withVat, type LineDraft } from './lineDraft.ts';
import { VatCategoryCell } from './VatCategoryCell.tsx';
import { bearsNoVat, type ComputedVatCategory } from './vatCategoryOptions.ts';

/**
 * A sale's VAT categories (commerce README « VAT categories »): what the server's engine answered
 * for each line (`items` of `POST …/compute`, by uuid) and whether the document bears VAT.
 */
export interface LinesVatCategories {
  computed: Record<string, ComputedVatCategory>;
  subjectToVAT: boolean;
}

export interface LinesEditorProps {
  lines: LineDraft[];
  onChange(lines: LineDraft[]): void;
  /** a message about the lines as a whole, under the table (`role="alert"`) */
  error?: string | null;
  /** per line (by uuid), per field (`labelPrimary`…): the server's messages, shown under the inputs */
  errors?: Record<string, Record<string, string>>;
  /** the table's accessible name; default « Lignes du document » */
  label?: string;
  /** show the « Description » input under the designation (default true) */
  description?: boolean;
  /** show the « P.U. TTC » column, converted both ways with the excl. taxes price (default true) */
  inclTaxes?: boolean;
  /** decimals of the unit prices (default 2; 4 for prices to the ten-thousandth) */
  priceDecimals?: number;
  /** a new line for « Ajouter une ligne » (default `emptyLine()`, a service) */
  newLine?(): LineDraft;
  /** shown in the table when there is no line; none when null */
  emptyText?: string | null;
  /** more ways to add lines, next to « Ajouter une ligne » (a catalogue picker) */
  adders?: ReactNode;
  /** `<prefix>-line`, `<prefix>-line-total`: the browser tests' hooks */
  testIdPrefix?: string;
  /** a sale: show each line's VAT category, automatic or chosen, and its exemption reason */
  vatCategories?: LinesVatCategories;
}

function LineRow({ line, n, onChange, onRemove, errors = {}, description, inclTaxes, priceDecimals, testIdPrefix, vatCategories }: {
  line: LineDraft; n: number; onChange(line: LineDraft): void; onRemove(): void; errors?: Record<string, string>;
  description: boolean; inclTaxes: boolean; priceDecimals: number; testIdPrefix: string; vatCategories?: LinesVatCategories;
}) {
  const total = lineTotalExcl(line);
  const computed = vatCategories?.computed[line.uuid];
  // a category without VAT: the server counts the line at 0 %, its price incl. taxes is its price excl. taxes
  const noVat = !!vatCategories && bearsNoVat(line, computed, vatCategories.subjectToVAT);
  const shown = noVat ? { ...line, vat: '0', inclTaxesPrice: line.exclTaxesPrice } : line;
  const designation = (
    <TextInput aria-label={`Désignation (ligne ${n})`} placeholder="Désignation" value={line.labelPrimary} error={errors.labelPrimary}
      onChange={(e) => onChange({ ...line, labelPrimary: e.currentTarget.value })} />
  );
  return (
    <Table.Tr data-testid={`${testIdPrefix}-line`}>
      <Table.Td miw={description ? 220 : 240}>
        {description ? (
          <Stack gap={4}>
            {designation}
            <TextInput aria-label={`Description (ligne ${n})`} placeholder="Description (facultatif)" size="xs" value={line.labelSecondary} error={errors.labelSecondary}
              onChange={(e) => onChange({ ...line, labelSecondary: e.currentTarget.value })} />
          </Stack>
        ) : designation}
      </Table.Td>
      <Table.Td w={inclTaxes ? 90 : 100}>
        <NumberInput aria-label={`Quantité (ligne ${n})`} decimalSeparator="," decimalScale={4} hideControls value={line.quantity} error={errors.quantity}
          onChange={(v) => onChange({ ...line, quantity: v })} />
      </Table.Td>
      <Table.Td w={inclTaxes ? 130 : 140}>
        <MoneyInput decimals={priceDecimals} aria-label={`Prix unitaire HT (ligne ${n})`} value={line.exclTaxesPrice} error={errors.exclTaxesPrice}
          onChange={(v) => onChange(withExcl(line, v))} />
      </Table.Td>
      <Table.Td w={110}>
        <Select aria-label={`TVA (ligne ${n})`} data={vatOptions(shown.vat)} value={shown.vat} allowDeselect={false} error={errors.vat}
          disabled={noVat} onChange={(v) => v && onChange(withVat(line, v))} />
      </Table.Td>
      {vatCategories && (
        <Table.Td w={190}>
          <VatCategoryCell line={line} n={n} computed={computed} subjectToVAT={vatCategories.subjectToVAT} onChange={onChange} errors={errors} />
        </Table.Td>
      )}
      {inclTaxes && (
        <Table.Td w={130}>
          <MoneyInput decimals={priceDecimals} aria-label={`Prix unitaire TTC (ligne ${n})`} value={shown.inclTaxesPrice} error={errors.inclTaxesPrice}
            disabled={noVat} onChange={(v) => onChange(withIncl(line, v))} />
        </Table.Td>
      )}
      <Table.Td ta="right" w={inclTaxes ? 110 : 120}>
        <Text size="sm" data-testid={`${testIdPrefix}-line-total`}>{total === null ? '—' : formatMoney(total)}</Text>
      </Table.Td>
      <Table.Td w={40}>
        <ActionIcon variant="subtle" color="red" aria-label={`Supprimer la ligne ${n}`} onClick={onRemove}>✕</ActionIcon>
      </Table.Td>
    </Table.Tr>
  );
}

export function LinesEditor({
  lines, onChange, error, errors = {}, label = 'Lignes du document', description = true, inclTaxes = true, priceDecimals = 2,
  newLine = () => emptyLine(), emptyText = null, adders, testIdPrefix = 'document', vatCategories,
}: LinesEditorProps) {
  const replace = (i: number, line: LineDraft) => onChange(lines.map((l, j) => (j === i ? line : l)));
  const remove = (i: number) => onChange(lines.filter((_, j) => j !== i));
  const columns = (inclTaxes ? 7 : 6) + (vatCategories ? 1 : 0);
  return (
    <div>
      <Table.ScrollContainer minWidth={(inclTaxes ? 860 : 760) + (vatCategories ? 190 : 0)}>
        <Table verticalSpacing="xs" aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Désignation</Table.Th>
              <Table.Th>Quantité</Table.Th>
              <Table.Th>P.U. HT</Table.Th>
              <Table.Th>TVA</Table.Th>
              {vatCategories && <Table.Th>Catégorie de TVA</Table.Th>}
              {inclTaxes && <Table.Th>P.U. TTC</Table.Th>}
              <Table.Th ta="right">Total HT</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, i) => (
              <LineRow key={line.uuid} line={line} n={i + 1} onChange={(l) => replace(i, l)} onRemove={() => remove(i)} errors={errors[line.uuid]}
                description={description} inclTaxes={inclTaxes} priceDecimals={priceDecimals} testIdPrefix={testIdPrefix} vatCategories={vatCategories} />
            ))}
            {lines.length === 0 && emptyText && (
              <Table.Tr><Table.Td colSpan={columns}><Text c="dimmed" size="sm">{emptyText}</Text></Table.Td></Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {error && <Text c="red" size="sm" role="alert">{error}</Text>}
      <Group mt="sm" gap="sm">
        <Button variant="light" onClick={() => onChange([...lines, newLine()])}>Ajouter une ligne</Button>
        {adders}
      </Group>
    </div>
  );
}
