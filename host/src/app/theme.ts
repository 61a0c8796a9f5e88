import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

/** `settings.theme` of the user: `dark`, `light` (the default), or `auto` to follow the system. */
export function colorSchemeOf(setting: string | undefined): 'light' | 'dark' | undefined {
  if (setting === 'dark') return 'dark';
  if (setting === 'auto') return undefined;
  return 'light';
}
