/**
 * Sample files for the upload tests, made here rather than shipped: one image of each accepted
 * type (platform README « Platform rules and constants »; ICO built by hand around a PNG or a 32-bit bitmap, since libvips writes no ICO),
 * and disguised files (an HTML page and a Windows program with an image's name).
 */
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

export interface Sample { name: string; type: string; data: Buffer; width: number; height: number; alpha: boolean }

const opaque = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
const clear = (width: number, height: number) => sharp({ create: { width, height, channels: 4, background: { r: 20, g: 90, b: 200, alpha: 0.5 } } });

/** An ICO holding one PNG picture. */
export function icoOfPng(png: Buffer, size: number): Buffer {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one picture
  header.writeUInt8(size >= 256 ? 0 : size, 6);
  header.writeUInt8(size >= 256 ? 0 : size, 7);
  header.writeUInt16LE(1, 10); // planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(png.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, png]);
}

/** An ICO holding one 32-bit bitmap (BGRA rows bottom-up, then the AND mask). */
export function icoOfBitmap(size: number, bgra: [number, number, number, number]): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  for (let i = 0; i < size * size; i += 1) pixels.set(bgra, i * 4);
  const maskRow = Math.ceil(size / 32) * 4;
  const mask = Buffer.alloc(maskRow * size);
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(size, 4);
  info.writeInt32LE(size * 2, 8); // XOR and AND halves
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(32, 14);
  info.writeUInt32LE(pixels.length + mask.length, 20);
  const bitmap = Buffer.concat([info, pixels, mask]);
  const ico = icoOfPng(bitmap, size);
  return ico;
}

/**
 * An ICO holding one 1-bit bitmap of `width` × `height` pixels: a few bytes per thousand pixels,
 * which decode-ico would decode whole, in JavaScript.
 */
export function icoOfMonochrome(width: number, height: number): Buffer {
  const row = Math.ceil(width / 32) * 4;
  const info = Buffer.alloc(40);
  info.writeUInt32LE(40, 0);
  info.writeInt32LE(width, 4);
  info.writeInt32LE(height * 2, 8);
  info.writeUInt16LE(1, 12);
  info.writeUInt16LE(1, 14);
  info.writeUInt32LE(2, 32); // two colours
  const palette = Buffer.from([0, 0, 0, 0, 255, 255, 255, 0]);
  return icoOfPng(Buffer.concat([info, palette, Buffer.alloc(row * height * 2)]), 0);
}

export const SVG_TEXT = '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">'
  + '<rect width="400" height="300" fill="#c87828"/><circle cx="200" cy="150" r="100" fill="#1e5ac8"/></svg>';

/** One image per accepted type (platform README « Platform rules and constants »), 400 × 300 unless the format caps it. */
export async function samples(): Promise<Record<string, Sample>> {
  const pngIcon = await clear(64, 64).png().toBuffer();
  return {
    png: { name: 'logo.png', type: 'image/png', data: await clear(400, 300).png().toBuffer(), width: 400, height: 300, alpha: true },
    jpeg: { name: 'photo.jpg', type: 'image/jpeg', data: await opaque(2000, 1500).jpeg().toBuffer(), width: 2000, height: 1500, alpha: false },
    webp: { name: 'image.webp', type: 'image/webp', data: await opaque(400, 300).webp().toBuffer(), width: 400, height: 300, alpha: false },
    gif: { name: 'anime.gif', type: 'image/gif', data: await opaque(400, 300).gif().toBuffer(), width: 400, height: 300, alpha: false },
    tiff: { name: 'scan.tiff', type: 'image/tiff', data: await opaque(400, 300).tiff().toBuffer(), width: 400, height: 300, alpha: false },
    svg: { name: 'dessin.svg', type: 'image/svg+xml', data: Buffer.from(SVG_TEXT), width: 400, height: 300, alpha: true },
    icon: { name: 'favicon.ico', type: 'image/vnd.microsoft.icon', data: icoOfPng(pngIcon, 64), width: 64, height: 64, alpha: true },
    iconBitmap: { name: 'ancien.ico', type: 'image/x-icon', data: icoOfBitmap(32, [40, 120, 200, 255]), width: 32, height: 32, alpha: true },
  };
}

/**
 * A valid black PNG of `width` × `height` pixels at 1 bit per pixel, written by hand: 108 million
 * pixels in a few tens of Ko, made in milliseconds (sharp takes seconds to encode one that large).
 */
export function bilevelPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(1, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // each row: filter byte 0, then width bits of black
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header), chunk('IDAT', deflateSync(rows, { level: 9 })), chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

/** The start of a Windows program (DOS stub and PE header): what file-type recognises as exe. */
export function windowsProgram(): Buffer {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
}

export const PDF_DOC = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
