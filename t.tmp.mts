import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import fs from 'node:fs';
const data = new Uint8Array(fs.readFileSync(process.argv[2]));
const pdf = await getDocument({ data, verbosity: 0 }).promise;
const page = await pdf.getPage(1);
const tc = await page.getTextContent();
for (const it of tc.items) if ('str' in it) console.log(JSON.stringify(it.str), it.transform[4].toFixed(1), it.transform[5].toFixed(1), it.width.toFixed(1));
