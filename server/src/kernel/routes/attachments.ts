/**
 * GET /attachment/{folder}/{subfolder}/{filename}/{variant} (spec 001 §2): an attachment's bytes,
 * or an image variant made with sharp on first request and kept in storage for the next ones.
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
import { ATTACHMENT_VARIANTS, type AttachmentVariant } from '@comptoir/schemas';
import type { FileStorage } from '../../storage/file-storage.ts';
import { isVariant, parseAttachmentPath, servedAs, storageKey } from '../services/attachment-keys.ts';
import { renderVariant, UnreadableImageError, variantMime } from '../services/attachment-variants.ts';
import { cleanName } from '../services/upload-form.ts';

export const ATTACHMENT_PREFIX = '/attachment/';
export const ATTACHMENT_CACHE = 'public, max-age=31536000, immutable';
export const SVG_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";
export const DOWNLOAD_CSP = "default-src 'none'; sandbox";

function disposition(kind: 'inline' | 'attachment', name: string | null): string {
  if (!name) return kind;
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function attachmentServer(storage: FileStorage): Koa.Middleware {
  const variantOf = variantMaker(storage);
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
    const data = await variantOf(location, variant, served.image);
    success();
    ctx.type = variantMime(data);
    ctx.body = data;
  };
}

type Location = Parameters<typeof storageKey>[0];
type Variant = Exclude<AttachmentVariant, 'original'>;
type Kind = NonNullable<ReturnType<typeof servedAs>['image']>;

/**
 * A variant from storage, drawn once when missing. The URLs are public and an image may be large
 * (up to 100 million pixels): the requests that ask for the same missing variant at the same time
 * (a page showing it many times, a crawler) share one drawing instead of each decoding it.
 */
export function variantMaker(storage: FileStorage): (location: Location, variant: Variant, kind: Kind) => Promise<Buffer> {
  const drawing = new Map<string, Promise<Buffer>>();
  return (location, variant, kind) => {
    const key = storageKey(location, variant);
    let pending = drawing.get(key);
    if (!pending) {
      pending = storedVariant(storage, location, variant, kind).finally(() => drawing.delete(key));
      drawing.set(key, pending);
    }
    return pending;
  };
}

async function storedVariant(storage: FileStorage, location: Location, variant: Variant, kind: Kind): Promise<Buffer> {
  const key = storageKey(location, variant);
  const cached = await storage.get(key);
  if (cached) return cached;
  const originalKey = storageKey(location, 'original');
  const original = await storage.get(originalKey);
  if (!original) throw notFound('Pièce jointe introuvable.');
  let rendered;
  try {
    rendered = await renderVariant(original, kind, variant);
  } catch (e) {
    if (e instanceof UnreadableImageError) throw notFound('Cette image est illisible : aucune variante ne peut en être faite.');
    throw e;
  }
  await storage.put(key, rendered.data);
  // deleted while we were drawing: the variant must not outlive its original
  if (!(await storage.stat(originalKey))) await storage.remove(key);
  return rendered.data;
}
