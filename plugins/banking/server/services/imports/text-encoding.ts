/**
 * A bank file's bytes as text: UTF-8 when the bytes are valid UTF-8 (a BOM dropped), else
 * Windows-1252 (the superset of ISO-8859-1 that French banks and OFX `CHARSET:1252` use), decoded
 * with iconv-lite. Valid UTF-8 is almost never Latin-1 text by accident, so the check decides.
 */
import iconv from 'iconv-lite';

export function decodeBankText(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'windows-1252' } {
  try {
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
    return { text, encoding: 'utf-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'win1252'), encoding: 'windows-1252' };
  }
}
