/**
 * Colour contrast as WCAG 2.1 measures it (1.4.3 text: 4.5:1; 1.4.11 borders of inputs: 3:1), and
 * the shade of a colour that reaches it. The kit's theme (theme.ts) derives every text, link and
 * button colour from Mantine's palette through these functions, so a colour added to the palette is
 * readable without anyone measuring it. Plain functions, no DOM (tested in sdk/test/ui-contrast).
 */

export type Rgb = [number, number, number];

/** `#4c6ef5`, `#fff` -> [76, 110, 245]. */
export function parseHex(color: string): Rgb {
  let h = color.trim().replace(/^#/, '');
  if (h.length === 3) h = h.split('').map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}$/i.test(h)) throw new Error(`couleur non hexadécimale : ${color}`);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(Math.min(255, Math.max(0, c))).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG relative luminance, 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** `color` moved towards `target` by `amount` (0: unchanged, 1: target), channel by channel. */
export function mix(color: string, target: string, amount: number): string {
  const c = parseHex(color);
  const t = parseHex(target);
  return toHex(c.map((v, i) => v + (t[i] - v) * amount) as Rgb);
}

/**
 * The first of `candidates` with at least `ratio` against every background, else the last one
 * darkened (on light backgrounds) or lightened (on dark ones) step by step until it has. The
 * default 4.6 keeps a margin over 4.5: browsers and axe round blended colours differently.
 */
export function readableOn(candidates: readonly string[], backgrounds: readonly string[], ratio = 4.6): string {
  const enough = (c: string) => backgrounds.every((bg) => contrastRatio(c, bg) >= ratio);
  const found = candidates.find(enough);
  if (found) return found;
  const last = candidates[candidates.length - 1];
  const darkBackgrounds = backgrounds.every((bg) => relativeLuminance(bg) < 0.18);
  const target = darkBackgrounds ? '#ffffff' : '#000000';
  for (let step = 1; step <= 20; step++) {
    const c = mix(last, target, step / 20);
    if (enough(c)) return c;
  }
  return target;
}
