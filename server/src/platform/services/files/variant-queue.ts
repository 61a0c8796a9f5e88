/**
 * Where image variants come from: storage, or one small in-process queue that draws them.
 *
 * The attachment URLs are public, and decoding an image costs memory and CPU in proportion to its
 * pixels (8 parallel requests for the variants of a 100-megapixel image took 3.9 s and 260 Mo).
 * So no request ever draws by itself:
 * - a variant already stored is a plain read;
 * - a missing one asks the queue for its image: **all** the image's variants are drawn together
 *   from one decoding (renderVariants) and stored, then every later request is a plain read;
 * - requests for any variant of an image being drawn (or waiting to be) share that one drawing
 *   (deduplication per original);
 * - at most VARIANT_CONCURRENCY images are drawn at once per process; the others wait their turn.
 *   (libvips already spreads one image over the cores.)
 * Variants are written in DRAWN_VARIANTS order: the last one present means the set is complete, so
 * a request that missed a variant just before another drawing stored it does not draw again.
 * Several processes each have their own queue: at worst each draws an image once.
 */
import { notFound } from '@comptoir/sdk';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { storageKey, type AttachmentLocation } from './attachment-keys.ts';
import { DRAWN_VARIANTS, renderVariants, UnreadableImageError, type DrawnVariant } from './attachment-variants.ts';
import type { ImageKind } from '@comptoir/schemas';

/** images drawn at the same time by one process */
export const VARIANT_CONCURRENCY = 2;

export interface VariantQueueStats {
  /** images drawn (each: one decoding, every variant stored) */
  drawings: number;
  /** images being drawn now, and the most ever drawn at once */
  running: number;
  maxRunning: number;
  /** images waiting for a turn */
  waiting: number;
}

export interface VariantQueue {
  /** the variant's bytes, from storage or drawn (once) with all its siblings; 404 when the original is gone or unreadable */
  variant(location: AttachmentLocation, variant: DrawnVariant, kind: ImageKind): Promise<Buffer>;
  readonly stats: Readonly<VariantQueueStats>;
}

const LAST = DRAWN_VARIANTS[DRAWN_VARIANTS.length - 1];

export function createVariantQueue(storage: FileStorage, concurrency = VARIANT_CONCURRENCY): VariantQueue {
  const stats: VariantQueueStats = { drawings: 0, running: 0, maxRunning: 0, waiting: 0 };
  const turns: (() => void)[] = [];
  /** per original key: the drawing in progress or waiting */
  const drawing = new Map<string, Promise<Map<DrawnVariant, Buffer>>>();

  /** runs `work` in one of the `concurrency` slots; a slot freed goes straight to the next in line */
  async function inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (stats.running >= concurrency) {
      stats.waiting += 1;
      await new Promise<void>((resolve) => turns.push(resolve));
      stats.waiting -= 1;
    } else {
      stats.running += 1;
    }
    stats.maxRunning = Math.max(stats.maxRunning, stats.running);
    try {
      return await work();
    } finally {
      const next = turns.shift();
      if (next) next();
      else stats.running -= 1;
    }
  }

  async function draw(location: AttachmentLocation, kind: ImageKind): Promise<Map<DrawnVariant, Buffer>> {
    // stored meanwhile by the drawing this request just missed
    if (await storage.stat(storageKey(location, LAST))) return new Map();
    const originalKey = storageKey(location, 'original');
    const original = await storage.get(originalKey);
    if (!original) throw notFound('Pièce jointe introuvable.');
    let rendered;
    try {
      rendered = await renderVariants(original, kind);
    } catch (e) {
      if (e instanceof UnreadableImageError) throw notFound('Cette image est illisible : aucune variante ne peut en être faite.');
      throw e;
    }
    stats.drawings += 1;
    const out = new Map<DrawnVariant, Buffer>();
    for (const v of DRAWN_VARIANTS) {
      const data = rendered.get(v)!.data;
      await storage.put(storageKey(location, v), data);
      out.set(v, data);
    }
    // deleted while we were drawing: the variants must not outlive their original
    if (!(await storage.stat(originalKey))) {
      await Promise.all(DRAWN_VARIANTS.map((v) => storage.remove(storageKey(location, v))));
    }
    return out;
  }

  return {
    stats,
    async variant(location, variant, kind) {
      const key = storageKey(location, variant);
      const stored = await storage.get(key);
      if (stored) return stored;
      const originalKey = storageKey(location, 'original');
      let pending = drawing.get(originalKey);
      if (!pending) {
        pending = inTurn(() => draw(location, kind)).finally(() => drawing.delete(originalKey));
        drawing.set(originalKey, pending);
      }
      const drawn = await pending;
      const data = drawn.get(variant) ?? await storage.get(key);
      if (!data) throw notFound('Pièce jointe introuvable.');
      return data;
    },
  };
}
