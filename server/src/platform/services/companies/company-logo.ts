/**
 * A company's logo is the attachment of the company tagged `logo` (schemas README « Company » gives Company an
 * `attachments` list and no logo field: the logo is one of them, as a user's avatar is the
 * attachment of the account tagged `avatar`). Stored under `<company>/logo/`; setting a new one
 * replaces the previous one, whose bytes go after the commit.
 *
 * Only PNG and JPEG are accepted (2 Mo at most): the two formats a PDF embeds as they are, and
 * what people have of a logo. `printableLogo` answers it ready for a PDF/A: at most
 * LOGO_PRINT_MAX pixels (a 160 × 64 pt box at 300 dpi and more), never enlarged, upright, in
 * sRGB, its transparency flattened on white (PDF/A-1 forbids soft masks, and a flat image is
 * what every PDF/A validator accepts), as an 8-bit RGB PNG.
 */
import sharp from 'sharp';
import type { CallContext, CompanyLogo } from '@comptoir/sdk';
import type { Attachment, Company, ImageKind } from '@comptoir/schemas';
import { Companies } from '../../../entities/platform.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { SUBFOLDERS, isWellFormed, storageKey } from '../files/attachment-keys.ts';
import { releaseAttachments } from '../files/attachment-release.ts';
import { MAX_PIXELS } from '../files/attachment-variants.ts';

export const LOGO_TAG = 'logo';
export const LOGO_KINDS: readonly ImageKind[] = ['png', 'jpeg'];
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_PRINT_MAX = { width: 900, height: 360 };

export const logoOf = (company: Pick<Company, 'attachments'>): Attachment | undefined =>
  company.attachments?.find((a) => a.tags.includes(LOGO_TAG));

/** Replaces the company's logo with `logo` (none: removes it); answers the company. */
export async function setLogo(ctx: CallContext, companyId: string, logo: Attachment | null): Promise<Company> {
  const companies = ctx.unscoped(Companies);
  const company = await companies.get(companyId) as Company;
  const previous = company.attachments.filter((a) => a.tags.includes(LOGO_TAG));
  const others = company.attachments.filter((a) => !a.tags.includes(LOGO_TAG));
  releaseAttachments(ctx, previous, { folder: companyId, subfolder: SUBFOLDERS.logo });
  if (!logo && previous.length === 0) return company;
  return companies.update(companyId, { attachments: logo ? [...others, logo] : others }) as Promise<Company>;
}

/** The logo's bytes made ready for print (see above); null without a logo or when its bytes are gone or unreadable. */
export async function printableLogo(ctx: CallContext, company: Pick<Company, '_id' | 'attachments'>): Promise<CompanyLogo | null> {
  const logo = logoOf(company);
  // only bytes stored for this company's logo: an attachments list written through PUT names no one else's
  if (!logo || !isWellFormed(logo) || logo.folder !== company._id || logo.subfolder !== SUBFOLDERS.logo) return null;
  const original = await ctx.resolve<FileStorage>('storage').get(storageKey(logo, 'original'));
  if (!original) return null;
  try {
    const { data, info } = await sharp(original, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize({ ...LOGO_PRINT_MAX, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .png()
      .toBuffer({ resolveWithObject: true });
    return { data, mime: 'image/png', width: info.width, height: info.height };
  } catch (e) {
    // a document is printed without its logo rather than refused
    ctx.log.warn({ err: e, logo: logo.filename }, 'company logo unreadable, printed without it');
    return null;
  }
}
