/** The small « remove this line » button of the list editors. */
import { ActionIcon, Tooltip } from '@mantine/core';

export function RemoveButton({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="red" aria-label={label} onClick={onClick} mt={{ base: 0, sm: 26 }}>
        <span aria-hidden="true">✕</span>
      </ActionIcon>
    </Tooltip>
  );
}
