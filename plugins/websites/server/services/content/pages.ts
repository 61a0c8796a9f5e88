/**
 * Layouts, stored blocks and block previews (README « Layouts », « Blocks »): every block placed in
 * a tree, stored or previewed must be of a known type (the catalogue and the contributed blocks),
 * its settings of its params' kinds; rich text is sanitised as it is saved (blocks/settings.ts).
 */
import { badRequest, type CallContext } from '@comptoir/sdk';
import type { Block, BlockPreview, BlockTypeView, LayoutContainer, PageLayout } from '../../../schemas/index.ts';
import { BlockPreviews, Blocks, Layouts } from '../../entities.ts';
import { unknownBlockType } from '../../messages.ts';
import { blockCatalogue } from '../render/blocks/catalogue.ts';
import { checkSettings } from '../render/blocks/settings.ts';

type Input = Record<string, unknown>;

export function checkedSettings(ctx: CallContext, type: string, settings: Record<string, unknown> | undefined, field: string) {
  const block = blockCatalogue(ctx).get(type);
  if (!block) throw badRequest(unknownBlockType(type), [{ field: field.replace(/\.settings$/, '.type'), message: unknownBlockType(type) }]);
  return checkSettings(type, block.params, settings ?? {}, field);
}

/** The tree with each content's settings checked and cleaned (400 naming `contents.0.rows.1…`). */
export function checkedTree(ctx: CallContext, tree: LayoutContainer[] | undefined, field = 'contents'): LayoutContainer[] | undefined {
  if (!tree) return tree;
  return tree.map((c, ci) => ({
    ...c,
    rows: (c.rows ?? []).map((r, ri) => ({
      ...r,
      cols: (r.cols ?? []).map((col, coli) => ({
        ...col,
        contents: (col.contents ?? []).map((x, xi) => {
          const at = `${field}.${ci}.rows.${ri}.cols.${coli}.contents.${xi}`;
          // a wrapping layout's `main` slot may name no block: the page goes there
          if (x.main && !blockCatalogue(ctx).has(x.type)) return x;
          return { ...x, settings: checkedSettings(ctx, x.type, x.settings, `${at}.settings`) };
        }),
      })),
    })),
  }));
}

export function pagesService(ctx: CallContext) {
  const layouts = ctx.repo(Layouts);
  const blocks = ctx.repo(Blocks);
  return {
    createLayout: (input: Input) => layouts.create({ ...input, contents: checkedTree(ctx, input.contents as LayoutContainer[]) }) as Promise<PageLayout>,
    updateLayout: (id: string, input: Input) => layouts.update(id, input.contents ? { ...input, contents: checkedTree(ctx, input.contents as LayoutContainer[]) } : input) as Promise<PageLayout>,
    createBlock: (input: Input) => blocks.create({ ...input, settings: checkedSettings(ctx, String(input.type ?? ''), input.settings as Input, 'settings') }) as Promise<Block>,
    async updateBlock(id: string, input: Input): Promise<Block> {
      const existing = (await blocks.getForUpdate(id)) as Block;
      const type = String(input.type ?? existing.type);
      const changes = input.settings || input.type ? { ...input, settings: checkedSettings(ctx, type, (input.settings ?? existing.settings) as Input, 'settings') } : input;
      return blocks.update(id, changes, { existing }) as Promise<Block>;
    },
    createPreview: (input: { block: { type: string; settings?: Input }; fk?: { website?: string } }) => ctx.repo(BlockPreviews).create({
      ...input, lastAccess: ctx.now.toISOString(),
      block: { type: input.block.type, settings: checkedSettings(ctx, input.block.type, input.block.settings, 'block.settings') },
    }) as Promise<BlockPreview>,
    /** the editor's palette: built-in and contributed block types with their params */
    blockTypes(): BlockTypeView[] {
      return [...blockCatalogue(ctx).values()].map((b) => ({ identifier: b.identifier, name: b.name, description: b.description, category: b.category, params: b.params, plugin: b.plugin }));
    },
  };
}
export type PagesService = ReturnType<typeof pagesService>;
