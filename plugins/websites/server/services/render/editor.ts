/**
 * What the page editor (client/src/editor) asks of the server: a block drawn as the public page
 * draws it (the canvas shows the real thing, with the site's menus, articles and hours), and the
 * site's template CSS with its variant's colours for the canvas. The server stays the one renderer:
 * the editor never builds a block's HTML itself.
 */
import { Type } from '@sinclair/typebox';
import type { CallContext } from '@comptoir/sdk';
import type { Website } from '../../../schemas/index.ts';
import { BLOCK_TYPE_PATTERN } from '../../../schemas/index.ts';
import { Websites } from '../../entities.ts';
import { checkedSettings } from '../content/pages.ts';
import { CLASSIQUE, templateFile, variantCss } from '../content/templates.ts';
import { drawBlock } from './layout.ts';
import { pageDraw } from './page.ts';
import { siteStructure } from './structure.ts';

export const PreviewBody = Type.Object({
  type: Type.String({ pattern: BLOCK_TYPE_PATTERN, maxLength: 120 }),
  settings: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
}, { additionalProperties: false });

export function editorService(ctx: CallContext) {
  const site = async (id: string) => siteStructure(ctx, (await ctx.repo(Websites).get(id)) as Website);
  return {
    /** `{ html }` of one block with these settings (checked as a layout's are: 400 naming `settings.x`) */
    async preview(websiteId: string, input: { type: string; settings?: Record<string, unknown> }): Promise<{ html: string }> {
      const settings = checkedSettings(ctx, input.type, input.settings, 'settings');
      const structure = await site(websiteId);
      const draw = pageDraw(ctx, structure, '/', {}, ctx.now);
      return { html: await drawBlock(input.type, settings, draw) };
    },
    /** `{ css }`: the template's stylesheets and the variant's custom properties, for the editor's canvas */
    async styles(websiteId: string): Promise<{ css: string }> {
      const { access } = await site(websiteId);
      const template = access.template ?? CLASSIQUE;
      const files = template.cssFiles.map((f) => templateFile(template.folder, f.path)?.body.toString('utf8') ?? '');
      const vars = template.cssFiles.some((f) => f.variantable) ? variantCss(template, access.variant) : '';
      return { css: [vars, ...files].filter(Boolean).join('\n') };
    },
  };
}
export type EditorService = ReturnType<typeof editorService>;
