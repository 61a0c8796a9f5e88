/**
 * Image variants with sharp (libvips): `w<N>` an image N pixels wide at most, `s<N>` a square
 * thumbnail cropped at the centre. Every accepted type of platform README « Platform rules and constants » yields them: PNG, JPEG,
 * WebP, GIF (first frame), TIFF (first page), SVG (rasterised by librsvg) and ICO, which libvips
 * cannot read: `decode-ico` takes out its largest picture first.
 *
 * Decisions:
 * - variants are PNG when the image has transparency (logos, icons), JPEG otherwise (photos):
 *   the two formats every browser, mail client and PDF library (pdfkit) reads;
 * - photos are turned upright (EXIF orientation) and lose their metadata (GPS position…) in the
 *   variants; the original is kept as uploaded;
 * - a raster image is never enlarged by a `w` variant (w1920 of a 640-pixel image is 640 pixels);
 *   an SVG is vector: it is rendered at the asked width. Squares always fill their size.
 * - uploads are refused above MAX_PIXELS (decompression bombs and oversized photos); drawing the
 *   variants of an original already stored decodes at most STORED_MAX_PIXELS, the bound of the
 *   versions that accepted it;
 * - all the variants of an image are drawn together from one decoding (renderVariants), by the
 *   drawing queue of variant-queue.ts, never by each request.
 */
import sharp, { type Sharp } from 'sharp';
import decodeIco from 'decode-ico';
import { ATTACHMENT_VARIANTS, IMAGE_SQUARES, IMAGE_WIDTHS, type AttachmentVariant, type ImageKind } from '@comptoir/schemas';

/**
 * The most pixels an image may have: 8192 × 6144 (50.3 million), the full resolution of the
 * 50-megapixel sensors of today's phones. Checked on the header at upload (larger: 413, nothing
 * stored), and passed to sharp as `limitInputPixels` on every input, so no decoding ever goes
 * beyond it. Decoding costs memory in proportion (a 100-megapixel image took 260 Mo and 3.9 s for
 * 8 variants): this bound, one decoding per image and the drawing queue keep it small.
 */
export const MAX_PIXELS = 8192 * 6144;

/**
 * The most pixels the variants of a **stored** original may decode: 100 million, what uploads were
 * allowed before MAX_PIXELS. Those originals are kept and shown (their variants are drawn on first
 * request, one image at a time per slot of the drawing queue); no new one of that size enters, since
 * uploads are checked against MAX_PIXELS. Above this, even a stored original is « illisible » (404).
 */
export const STORED_MAX_PIXELS = 100_000_000;

/** « 50,3 millions de pixels » */
export const MAX_PIXELS_TEXT = `${(MAX_PIXELS / 1e6).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} millions de pixels`;

export class UnreadableImageError extends Error {
  override name = 'UnreadableImageError';
}

export interface ImageInfo { width: number; height: number; hasAlpha: boolean }

/** the ICO format's largest picture (its directory stores sizes up to 256) */
const ICON_MAX_SIDE = 256;
const ICON_MAX_PICTURES = 64;

/**
 * Refuses an icon whose bitmap pictures claim more than 256 pixels a side, before decode-ico
 * decodes them in JavaScript (every picture, whole, on the event loop): a 1-bit bitmap of
 * 8000 × 5000 pixels fits in 10 MB and held the server for seconds at each variant. PNG pictures
 * are decoded by libvips, within MAX_PIXELS.
 */
function checkIconDirectory(bytes: Buffer): void {
  if (bytes.length < 6 || bytes.readUInt16LE(0) !== 0) return; // a PNG under an .ico name, or not an icon: decode-ico says
  const count = bytes.readUInt16LE(4);
  if (count > ICON_MAX_PICTURES) throw new UnreadableImageError(`icône de ${count} images (${ICON_MAX_PICTURES} au plus)`);
  for (let i = 0; i < count; i += 1) {
    const entry = 6 + 16 * i;
    if (entry + 16 > bytes.length) return;
    const offset = bytes.readUInt32LE(entry + 12);
    if (offset + 12 > bytes.length || bytes.readUInt32BE(offset) === 0x89504e47) continue;
    // BITMAPINFOHEADER: width, then height counting the transparency mask (twice the picture)
    const width = Math.abs(bytes.readInt32LE(offset + 4));
    const height = Math.abs(bytes.readInt32LE(offset + 8)) / 2;
    if (width > ICON_MAX_SIDE || height > ICON_MAX_SIDE) {
      throw new UnreadableImageError(`image d’icône de ${width} × ${height} pixels (${ICON_MAX_SIDE} au plus)`);
    }
  }
}

/**
 * The raster libvips reads: the image itself, or the largest picture of an icon. `headerOnly`:
 * for `metadata()`, which reads the header and decodes no pixel, so that an image above
 * MAX_PIXELS is told apart (« trop grande ») from an unreadable one.
 */
function decoder(bytes: Buffer, kind: ImageKind, density?: number, headerOnly = false, limit = MAX_PIXELS): Sharp {
  const options = { limitInputPixels: headerOnly ? false : limit, failOn: 'error' as const };
  if (kind === 'svg') return sharp(bytes, { ...options, density: density ?? 72 });
  if (kind !== 'icon') return sharp(bytes, options);
  checkIconDirectory(bytes);
  let pictures;
  try { pictures = decodeIco(bytes); } catch (e) { throw new UnreadableImageError(`icône illisible : ${(e as Error).message}`); }
  if (!pictures.length) throw new UnreadableImageError('icône sans image');
  const best = pictures.reduce((a, b) => (b.width * b.height > a.width * a.height || (b.width * b.height === a.width * a.height && b.bpp > a.bpp) ? b : a));
  if (best.type === 'png') return sharp(Buffer.from(best.data), options);
  const rgba = Buffer.from(best.data.buffer, best.data.byteOffset, best.data.byteLength);
  return sharp(rgba, { ...options, raw: { width: best.width, height: best.height, channels: 4 } });
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (e instanceof UnreadableImageError) throw e;
    throw new UnreadableImageError((e as Error).message);
  }
}

/** Size and transparency of an image, as it will be shown (upright); throws UnreadableImageError. */
export function imageInfo(bytes: Buffer, kind: ImageKind): Promise<ImageInfo> {
  return guarded(async () => {
    const meta = await decoder(bytes, kind, undefined, true).metadata();
    if (!meta.width || !meta.height) throw new UnreadableImageError('dimensions inconnues');
    const turned = (meta.orientation ?? 1) >= 5;
    return {
      width: turned ? meta.height : meta.width,
      height: turned ? meta.width : meta.height,
      hasAlpha: meta.hasAlpha === true,
    };
  });
}

export interface Rendered { data: Buffer; mime: 'image/png' | 'image/jpeg' }

export type DrawnVariant = Exclude<AttachmentVariant, 'original'>;

/** Every variant but `original`, in the order they are stored: the last one written marks a complete set. */
export const DRAWN_VARIANTS = ATTACHMENT_VARIANTS.filter((v): v is DrawnVariant => v !== 'original');

const LARGEST_WIDTH = Math.max(...IMAGE_WIDTHS);
const LARGEST_SQUARE = Math.max(...IMAGE_SQUARES);

/** librsvg's density range, as sharp accepts it */
const densityOf = (scale: number) => Math.min(100_000, Math.max(1, 72 * scale));

/**
 * Every variant of a stored image from **one** decoding of the original (at most
 * STORED_MAX_PIXELS): it is decoded (upright, sRGB)
 * once, at the smallest size every variant can be cut from (`w1920` wide and a shorter side of
 * `s320`, never more than the original for a raster, within MAX_PIXELS for an SVG rendered at the
 * size needed), and each variant is resized from that copy. A 50-megapixel photo is decoded once,
 * not once per variant asked.
 */
export function renderVariants(bytes: Buffer, kind: ImageKind): Promise<Map<DrawnVariant, Rendered>> {
  return guarded(async () => {
    const info = await imageInfo(bytes, kind);
    const { width, height } = info;
    const needed = Math.max(LARGEST_WIDTH / width, LARGEST_SQUARE / Math.min(width, height));
    const scale = kind === 'svg' ? Math.min(needed, Math.sqrt(MAX_PIXELS / (width * height))) : Math.min(1, needed);
    const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)), fit: 'fill' as const };
    // a stored original: within what was accepted when it was uploaded (STORED_MAX_PIXELS)
    const base = kind === 'svg'
      ? decoder(bytes, kind, densityOf(scale), false, STORED_MAX_PIXELS)
      : decoder(bytes, kind, undefined, false, STORED_MAX_PIXELS).rotate();
    const { data, info: raw } = await base.resize(size).toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    const copy = () => sharp(data, { limitInputPixels: STORED_MAX_PIXELS, raw: { width: raw.width, height: raw.height, channels: raw.channels } });
    const out = new Map<DrawnVariant, Rendered>();
    for (const variant of DRAWN_VARIANTS) {
      const side = Number(variant.slice(1));
      let image: Sharp;
      if (variant.startsWith('s')) {
        image = copy().resize({ width: side, height: side, fit: 'cover', position: 'centre' });
      } else {
        // a raster is never enlarged; the height keeps the original's proportions exactly
        const w = kind === 'svg' ? side : Math.min(side, width);
        image = copy().resize({ width: w, height: Math.max(1, Math.round((w * height) / width)), fit: 'fill' });
      }
      out.set(variant, info.hasAlpha
        ? { data: await image.png().toBuffer(), mime: 'image/png' }
        : { data: await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer(), mime: 'image/jpeg' });
    }
    return out;
  });
}

/** The type of a stored variant, from its first bytes (variants are PNG or JPEG). */
export function variantMime(data: Buffer): 'image/png' | 'image/jpeg' {
  return data[0] === 0x89 && data[1] === 0x50 ? 'image/png' : 'image/jpeg';
}
