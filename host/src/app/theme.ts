/**
 * The shell's Mantine theme is the UI kit's (`@comptoir/sdk/ui`: accessible colours, French names
 * of Mantine's unnamed buttons); `cssVariables` goes with it on every MantineProvider.
 */
import { comptoirCssVariables, comptoirTheme } from '@comptoir/sdk/ui';

export const theme = comptoirTheme;
export const cssVariables = comptoirCssVariables;

/** `settings.theme` of the user: `dark`, `light` (the default), or `auto` to follow the system. */
export function colorSchemeOf(setting: string | undefined): 'light' | 'dark' | undefined {
  if (setting === 'dark') return 'dark';
  if (setting === 'auto') return undefined;
  return 'light';
}
