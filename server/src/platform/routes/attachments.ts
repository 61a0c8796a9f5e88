/**
 * GET /attachment/{folder}/{subfolder}/{filename}/{variant} (http README « Uploads and attachments »): an attachment's bytes,
 * or an image variant: read from storage, or drawn once by the variant queue (with all the image's
 * variants, services/files/variant-queue.ts) and kept in storage for the next requests.
 * Mounted by the kernel before the static files (app/kernel.ts), outside `/api`: these URLs go
 * into <img src>, e-mails and public web pages.
 *
 * Access: **the URL is the capability**. An <img> cannot send a bearer token nor an AT-Company
 * header, and a website's visitors have no account at all, so the server cannot ask who is
 * reading. Instead, each stored file name holds 128 random bits (2^128 guesses: not findable), is
 * only ever given to people allowed to see the entity that carries it (API answers go through the
 * request layer's permissions and company scope), and is never listed. Deleting the file kills the
 * link. Knowing a folder (a company or user id) gives nothing. `Referrer-Policy: no-referrer`
 * (helmet) keeps the URL out of other sites' logs.
 *
 * Headers: `Cache-Control: public, max-age=31536000, immutable` (a name is never reused: a new
 * upload is a new name), `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy:
 * cross-origin` (websites on other domains embed these images), and a CSP: SVG documents may not
 * run scripts nor load anything (`sandbox`), downloads are sandboxed too. Originals other than
 * images and PDF are sent as downloads (`Content-Disposition: attachment`), never rendered on our
 * origin; `?download=<name>` names the saved file.
 */
import type Koa from 'koa';
import { badRequest, notFound } from '@comptoir/sdk';
import { ATTACHMENT_VARIANTS } from '@comptoir/schemas';
import type { FileStorage } from '../../storage/file-storage.ts';
import { isVariant, parseAttachmentPath, servedAs, storageKey } from '../services/files/attachment-keys.ts';
import { variantMime } from '../services/files/attachment-variants.ts';
import { createVariantQueue, type VariantQueue } from '../services/files/variant-queue.ts';
import { cleanName } from '../../http/upload-form.ts';

export const ATTACHMENT_PREFIX = '/attachment/';
export const ATTACHMENT_CACHE = 'public, max-age=31536000, immutable';
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

function disposition(kind: 'inline' | 'attachment', name: string | null): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function attachmentServer(storage: FileStorage, variants: VariantQueue = createVariantQueue(storage)): Koa.Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(ATTACHMENT_PREFIX)) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') throw notFound(`Route inconnue : ${ctx.method} ${ctx.path}.`);
    const parsed = parseAttachmentPath(ctx.path.slice(ATTACHMENT_PREFIX.length));
    if (!parsed.ok) throw badRequest('Adresse de pièce jointe invalide : /attachment/{dossier}/{sous-dossier}/{fichier}/{variante}.');
    const { location, variant } = parsed;
    if (!isVariant(variant)) throw notFound(`Variante inconnue : « ${variant} ». Variantes : ${ATTACHMENT_VARIANTS.join(', ')}.`);
    const served = servedAs(location.filename);
    // set once the answer is known: an error must not be cached for a year
    const success = () => {
      ctx.set('Cache-Control', ATTACHMENT_CACHE);
      ctx.set('X-Content-Type-Options', 'nosniff');
      ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    };

    if (variant === 'original') {
      const stored = await storage.getStream(storageKey(location, 'original'));
      if (!stored) throw notFound('Pièce jointe introuvable.');
      success();
      const asked = typeof ctx.query.download === 'string' ? cleanName(ctx.query.download) : '';
      ctx.set('Content-Disposition', disposition(served.inline && !asked ? 'inline' : 'attachment', asked || null));
      if (served.image === 'svg') ctx.set('Content-Security-Policy', SVG_CSP);
      else if (!served.inline) ctx.set('Content-Security-Policy', DOWNLOAD_CSP);
      ctx.type = served.mime;
      ctx.length = stored.size;
      if (ctx.method === 'HEAD') {
        stored.stream.destroy();
        ctx.status = 200;
        return;
      }
      ctx.body = stored.stream;
      return;
    }

    if (!served.image) throw notFound('Ce fichier n’est pas une image : seule sa variante « original » existe.');
    const data = await variants.variant(location, variant, served.image);
    success();
    ctx.type = variantMime(data);
    ctx.body = data;
  };
}
