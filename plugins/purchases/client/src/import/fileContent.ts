/** A chosen file as the import route takes it: its bytes in base64 (read in slices: a big array spread would overflow the stack). */
export async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** What the wizard accepts: a Factur-X PDF or a CII XML (the server reads the content, not the name). */
export const ACCEPTED = '.pdf,.xml,application/pdf,application/xml,text/xml';
