/**
 * The Mantine theme of Comptoir, given by the shell to every screen (the plugins' remotes render
 * under the shell's MantineProvider, so they inherit it with nothing to do). Accessibility is set
 * here once rather than on each screen (WCAG 2.1 AA / RGAA 4.1; rules in sdk/README-client.md):
 *
 * - every text colour is derived from the palette with at least 4.5:1 against the backgrounds it
 *   sits on — grey « dimmed » text, placeholders, links, error messages, coloured text (`c="red"`),
 *   outline, light and subtle buttons and badges — in both colour schemes;
 * - a filled button, badge or chip keeps white text, on a shade dark enough for 4.5:1;
 * - French accessible names for the buttons Mantine draws without one (a dialog's « × », a
 *   toast's close, a select's clear button, the password eye, the date pickers' arrows).
 *
 * Input borders (3:1) and the focus ring of text fields are in `accessibility.css`, which the
 * shell loads after Mantine's styles.
 */
import { DEFAULT_THEME, createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';
import { mix, readableOn } from './contrast.ts';

const WHITE = '#ffffff';
/** page, striped rows and filled fieldsets, hovered rows of the light scheme */
const LIGHT_BACKGROUNDS = [WHITE, DEFAULT_THEME.colors.gray[0], DEFAULT_THEME.colors.gray[1]];
/** page (dark 7), inputs and striped rows (dark 6), hovered rows (dark 5) of the dark scheme */
const DARK_BACKGROUNDS = [DEFAULT_THEME.colors.dark[7], DEFAULT_THEME.colors.dark[6], DEFAULT_THEME.colors.dark[5]];

/** the shade Mantine would use for filled buttons, before the contrast check darkens it further */
const PRIMARY_SHADE = 8;

/**
 * The variables of one palette colour that carry text, for each scheme. Mantine's defaults put
 * white on shade 6 (4.3:1 for indigo, 2.5:1 for teal) and coloured text on shade 6 too.
 */
export function colorVariables(name: string, c: MantineColorsTuple): { light: Record<string, string>; dark: Record<string, string> } {
  // white text on the filled background: the background is the one that moves
  const filled = readableOn([c[PRIMARY_SHADE], c[9]], [WHITE]);
  const filledHover = mix(filled, '#000000', 0.12);
  const lightText = readableOn([c[8], c[9]], LIGHT_BACKGROUNDS);
  const darkText = readableOn([c[4], c[3], c[2], c[1]], DARK_BACKGROUNDS);
  // the light variant: a pale background (shade 1 in light, shade 9 half-darkened in dark)
  const lightVariantColor = readableOn([c[9]], [c[1]]);
  const darkVariantColor = readableOn([c[0]], [mix(c[9], '#000000', 0.5)]);
  const v = (suffix: string) => `--mantine-color-${name}-${suffix}`;
  const both = { [v('filled')]: filled, [v('filled-hover')]: filledHover };
  return {
    light: { ...both, [v('text')]: lightText, [v('outline')]: lightText, [v('light-color')]: lightVariantColor },
    dark: { ...both, [v('text')]: darkText, [v('outline')]: darkText, [v('light-color')]: darkVariantColor },
  };
}

/** The colour variables of the whole palette, plus the scheme-wide ones (dimmed, links, errors). */
export const comptoirCssVariables: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  for (const [name, tuple] of Object.entries(theme.colors)) {
    if (!Array.isArray(tuple) || tuple.length < 10) continue;
    const vars = colorVariables(name, tuple as unknown as MantineColorsTuple);
    Object.assign(light, vars.light);
    Object.assign(dark, vars.dark);
  }
  const { gray, dark: darks, red } = theme.colors;
  const primary = theme.colors[theme.primaryColor];
  const lightDimmed = readableOn([gray[6]], LIGHT_BACKGROUNDS);
  const darkDimmed = readableOn([darks[2]], DARK_BACKGROUNDS);
  return {
    variables: {},
    light: {
      ...light,
      '--mantine-color-dimmed': lightDimmed,
      '--mantine-color-placeholder': lightDimmed,
      '--mantine-color-anchor': readableOn([primary[8], primary[9]], LIGHT_BACKGROUNDS),
      '--mantine-color-error': readableOn([red[8], red[9]], LIGHT_BACKGROUNDS),
      '--mantine-color-success': readableOn([theme.colors.teal[8], theme.colors.teal[9]], LIGHT_BACKGROUNDS),
    },
    dark: {
      ...dark,
      '--mantine-color-dimmed': darkDimmed,
      '--mantine-color-placeholder': darkDimmed,
      '--mantine-color-anchor': readableOn([primary[4], primary[3], primary[2]], DARK_BACKGROUNDS),
      '--mantine-color-error': readableOn([red[4], red[3], red[2]], DARK_BACKGROUNDS),
      '--mantine-color-success': readableOn([theme.colors.teal[4], theme.colors.teal[3]], DARK_BACKGROUNDS),
    },
  };
};

const CLOSE = { 'aria-label': 'Fermer' };
const CLEAR = { 'aria-label': 'Effacer' };
const MONTHS = { previousLabel: 'Mois précédent', nextLabel: 'Mois suivant' };

export const comptoirTheme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: PRIMARY_SHADE, dark: PRIMARY_SHADE },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // components named as strings: the theme does not import @mantine/dates, which a remote brings
  components: {
    Modal: { defaultProps: { closeButtonProps: CLOSE } },
    // no focus placeholder in a menu: a `presentation` element with a tabindex is not allowed
    // among the items of a `menu` (axe: aria-required-children); the first item takes the focus
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Drawer: { defaultProps: { closeButtonProps: CLOSE } },
    Notification: { defaultProps: { closeButtonProps: CLOSE } },
    Alert: { defaultProps: { closeButtonLabel: 'Fermer' } },
    Select: { defaultProps: { clearButtonProps: CLEAR } },
    MultiSelect: { defaultProps: { clearButtonProps: CLEAR } },
    Autocomplete: { defaultProps: { clearButtonProps: CLEAR } },
    TagsInput: { defaultProps: { clearButtonProps: CLEAR } },
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Afficher ou masquer le mot de passe' } } },
    DatePickerInput: { defaultProps: { ...MONTHS, clearButtonProps: CLEAR } },
    DateInput: { defaultProps: { ...MONTHS, clearButtonProps: CLEAR } },
    DatePicker: { defaultProps: MONTHS },
  },
});
