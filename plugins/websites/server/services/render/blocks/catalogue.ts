/**
 * Every block a page may hold: the built-in catalogue (spec 001 §9) and the blocks contributed
 * through `websiteBlocks` — their identifier is `<plugin>.<identifier>`, their HTML sanitised
 * once more here (no script, no handler reaches a visitor whatever the contributor wrote).
 */
import { websiteBlocks, type CallContext } from '@comptoir/sdk';
import { sanitizeRawHtml } from '../../content/sanitize.ts';
import { contentBlocks } from './content.ts';
import { navigationBlocks } from './navigation.ts';
import { presentationBlocks } from './presentation.ts';
import type { SiteBlock } from './types.ts';

export const BUILT_IN: SiteBlock[] = [...contentBlocks, ...navigationBlocks, ...presentationBlocks];

/** The catalogue as seen from a call of this plugin (the contributions depend on the loaded plugins). */
export function blockCatalogue(ctx: CallContext): Map<string, SiteBlock> {
  const out = new Map(BUILT_IN.map((b) => [b.identifier, b]));
  for (const c of ctx.contributions(websiteBlocks)) {
    const { value } = c;
    out.set(`${c.plugin}.${value.identifier}`, {
      identifier: `${c.plugin}.${value.identifier}`, name: value.name, description: value.description, category: value.category,
      params: value.params, plugin: c.plugin,
      draw: async (settings, env) => sanitizeRawHtml(await value.render(c.ctx, settings, env.place), false),
    });
  }
  return out;
}
