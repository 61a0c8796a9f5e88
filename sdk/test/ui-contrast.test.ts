/**
 * The theme's colours (issue 12, item 10: WCAG 1.4.3, 4.5:1 for text), measured without a browser:
 * for every colour of the palette, in both schemes, the text on the page, the white text on a filled
 * button, the text of a light badge; grey « dimmed » text, links and errors. The browser test
 * (test/e2e/accessibility.test.ts) checks the same on the screens with axe-core.
 */
import { expect } from 'chai';
import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, mix, readableOn, relativeLuminance } from '../src/ui/contrast.ts';
import { colorVariables, comptoirCssVariables, comptoirTheme } from '../src/ui/theme.ts';

const AA = 4.5;
const WHITE = '#ffffff';
const { gray, dark } = DEFAULT_THEME.colors;

describe('UI kit: contrast', () => {
  it('measures as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).to.be.closeTo(21, 0.01);
    expect(contrastRatio('#868e96', WHITE)).to.be.closeTo(3.32, 0.01); // Mantine's dimmed grey: too light
    expect(contrastRatio(WHITE, '#4c6ef5')).to.be.closeTo(4.32, 0.01); // white on Mantine's indigo 6: too light
    expect(relativeLuminance('#fff')).to.equal(1);
    expect(mix('#000000', '#ffffff', 0.5)).to.equal('#808080');
  });

  it('keeps the first candidate that is readable, else darkens (or lightens) the last', () => {
    expect(readableOn(['#495057'], [WHITE])).to.equal('#495057');
    const darkened = readableOn(['#868e96'], [WHITE, gray[0]]);
    expect(contrastRatio(darkened, gray[0])).to.be.at.least(4.6);
    const lightened = readableOn([dark[2]], [dark[7], dark[5]]);
    expect(contrastRatio(lightened, dark[5])).to.be.at.least(4.6);
    expect(relativeLuminance(lightened)).to.be.above(relativeLuminance(dark[2]));
  });

  for (const [name, tuple] of Object.entries(DEFAULT_THEME.colors)) {
    it(`${name}: text, filled buttons and light badges at 4.5:1 in both schemes`, () => {
      const v = colorVariables(name, tuple);
      const key = (suffix: string) => `--mantine-color-${name}-${suffix}`;
      for (const bg of [WHITE, gray[0], gray[1]]) {
        expect(contrastRatio(v.light[key('text')], bg), `${name} text on ${bg}`).to.be.at.least(AA);
        expect(contrastRatio(v.light[key('outline')], bg), `${name} outline on ${bg}`).to.be.at.least(AA);
      }
      for (const bg of [dark[7], dark[6], dark[5]]) {
        expect(contrastRatio(v.dark[key('text')], bg), `${name} text on ${bg}`).to.be.at.least(AA);
      }
      expect(contrastRatio(WHITE, v.light[key('filled')]), `white on ${name} filled`).to.be.at.least(AA);
      expect(contrastRatio(WHITE, v.light[key('filled-hover')]), `white on ${name} hovered`).to.be.at.least(AA);
      expect(contrastRatio(v.light[key('light-color')], tuple[1]), `${name} light badge`).to.be.at.least(AA);
      expect(contrastRatio(v.dark[key('light-color')], mix(tuple[9], '#000000', 0.5)), `${name} light badge, dark`).to.be.at.least(AA);
    });
  }

  it('dimmed text, placeholders, links and errors at 4.5:1; French names for Mantine’s close buttons', () => {
    const vars = comptoirCssVariables({ ...DEFAULT_THEME, ...comptoirTheme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME);
    for (const name of ['dimmed', 'placeholder', 'anchor', 'error']) {
      for (const bg of [WHITE, gray[0], gray[1]]) expect(contrastRatio(vars.light[`--mantine-color-${name}`], bg), `${name} on ${bg}`).to.be.at.least(AA);
      for (const bg of [dark[7], dark[6], dark[5]]) expect(contrastRatio(vars.dark[`--mantine-color-${name}`], bg), `${name} on ${bg}`).to.be.at.least(AA);
    }
    const modal = comptoirTheme.components?.Modal?.defaultProps as { closeButtonProps?: { 'aria-label'?: string } };
    expect(modal.closeButtonProps?.['aria-label']).to.equal('Fermer');
  });
});
