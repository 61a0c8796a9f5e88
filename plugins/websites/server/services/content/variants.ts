/**
 * Variants (README « Templates »): their template must be one offered to the company and each
 * param one of the template's, with a value of its type; templates are managed by the server's
 * administrators, and a template used by a website cannot be deleted.
 */
import { badRequest, conflict, type CallContext } from '@comptoir/sdk';
import type { Template, TemplateVariant } from '../../../schemas/index.ts';
import { Templates, Variants, Websites } from '../../entities.ts';
import { TEMPLATE_IN_USE, TEMPLATE_NOT_ALLOWED } from '../../messages.ts';
import { templateOffered } from '../sites/websites.ts';
import { checkVariantParams } from './templates.ts';

type Input = Record<string, unknown>;

export function templatesService(ctx: CallContext) {
  const variants = ctx.repo(Variants);
  async function templateOf(identifier: string): Promise<Template> {
    const t = (await ctx.unscoped(Templates).findOne({ identifier })) as Template | null;
    if (!t || !templateOffered(t, ctx.caller.companyId!)) throw badRequest(TEMPLATE_NOT_ALLOWED, [{ field: 'templateIdentifier', message: TEMPLATE_NOT_ALLOWED }]);
    return t;
  }
  return {
    async createVariant(input: Input): Promise<TemplateVariant> {
      const t = await templateOf(String(input.templateIdentifier ?? ''));
      checkVariantParams(t, (input.params as TemplateVariant['params']) ?? []);
      return variants.create(input) as Promise<TemplateVariant>;
    },
    async updateVariant(id: string, input: Input): Promise<TemplateVariant> {
      const existing = (await variants.getForUpdate(id)) as TemplateVariant;
      const t = await templateOf(String(input.templateIdentifier ?? existing.templateIdentifier));
      checkVariantParams(t, (input.params as TemplateVariant['params']) ?? existing.params);
      return variants.update(id, input, { existing }) as Promise<TemplateVariant>;
    },
    /** the templates offered to the active company */
    async offered(): Promise<Template[]> {
      const all = (await ctx.unscoped(Templates).findMany({}, { limit: 500 })) as Template[];
      return all.filter((t) => templateOffered(t, ctx.caller.companyId!));
    },
    async removeTemplate(id: string): Promise<void> {
      await ctx.unscoped(Templates).getForUpdate(id);
      if (await ctx.unscoped(Websites).findOne({ 'fk.template': id })) throw conflict(TEMPLATE_IN_USE);
      await ctx.unscoped(Templates).remove(id);
    },
  };
}
export type TemplatesService = ReturnType<typeof templatesService>;
