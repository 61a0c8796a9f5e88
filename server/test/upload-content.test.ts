/**
 * What an uploaded file is, judged from its first bytes against its declaration (upload-content.ts),
 * the SVG check (upload-svg.ts), attachment addresses (attachment-keys.ts) and a File's totals
 * (variants drawn once: variant-queue.test.ts).
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { fileTotals } from '@comptoir/schemas';
import { judgeContent, cleanMime, extensionOf } from '../src/platform/services/files/upload-content.ts';
import { cleanName } from '../src/http/upload-form.ts';
import { svgProblem, svgText } from '../src/platform/services/files/upload-svg.ts';
import { parseAttachmentPath, servedAs, keysOf } from '../src/platform/services/files/attachment-keys.ts';
import { HTML_PAGE, PDF_DOC, SVG_TEXT, windowsProgram, icoOfPng } from '../../test/support/images.ts';

async function refusal(name: string, mime: string, head: Buffer): Promise<string> {
  try {
    await judgeContent({ name, mime }, head);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${name} (${mime}) was accepted`);
}

describe('upload content checks', function () {
  let png: Buffer;
  let jpeg: Buffer;
  before(async function () {
    png = await sharp({ create: { width: 8, height: 8, channels: 4, background: '#fff0' } }).png().toBuffer();
    jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } }).jpeg().toBuffer();
  });

  it('accepts each image for what its content proves, with the stored type and extension', async function () {
    expect(await judgeContent({ name: 'a.png', mime: 'image/png' }, png)).to.deep.equal({ mime: 'image/png', ext: 'png', image: 'png' });
    expect(await judgeContent({ name: 'b.JPEG', mime: 'image/jpg' }, jpeg)).to.deep.equal({ mime: 'image/jpeg', ext: 'jpg', image: 'jpeg' });
    expect(await judgeContent({ name: 'f.ico', mime: 'image/x-icon' }, icoOfPng(png, 8))).to.deep.equal({ mime: 'image/vnd.microsoft.icon', ext: 'ico', image: 'icon' });
    expect(await judgeContent({ name: 'd.svg', mime: 'image/svg+xml' }, Buffer.from(SVG_TEXT))).to.deep.equal({ mime: 'image/svg+xml', ext: 'svg', image: 'svg' });
    // nothing declared: the content names the image
    expect(await judgeContent({ name: 'scan', mime: 'application/octet-stream' }, png)).to.deep.equal({ mime: 'image/png', ext: 'png', image: 'png' });
  });

  it('refuses an HTML page or a program disguised as an image', async function () {
    expect(await refusal('photo.png', 'image/png', HTML_PAGE)).to.equal('Le fichier « photo.png » n’est pas une image PNG : son contenu est du texte ou un format non reconnu. Il est refusé.');
    expect(await refusal('photo.png', 'image/png', windowsProgram())).to.equal('Le fichier « photo.png » est un programme : les programmes ne sont pas acceptés.');
    // the extension claims an image even when the type does not
    expect(await refusal('photo.png', 'text/html', HTML_PAGE)).to.match(/n’est pas une image PNG/);
    expect(await refusal('photo.jpg', 'image/jpeg', png)).to.equal('Le fichier « photo.jpg » n’est pas une image JPEG : son contenu est une image PNG. Il est refusé.');
    expect(await refusal('logo.svg', 'image/svg+xml', png)).to.match(/n’est pas une image SVG : son contenu est une image PNG/);
  });

  it('refuses image types the spec does not accept, and contradictory declarations', async function () {
    expect(await refusal('photo.heic', 'image/heic', jpeg)).to.equal('Le fichier « photo.heic » n’est pas d’un type d’image accepté : envoyez une image PNG, SVG, TIFF, WebP, GIF, JPEG ou ICO.');
    expect(await refusal('image.bmp', '', jpeg)).to.match(/type d’image accepté/);
    expect(await refusal('a.png', 'image/jpeg', png)).to.match(/annonce deux types d’image différents \(JPEG et PNG\)/);
  });

  it('refuses programs by content and by name, whatever they claim', async function () {
    expect(await refusal('facture.pdf', 'application/pdf', windowsProgram())).to.match(/est un programme/);
    expect(await refusal('outil.exe', 'application/octet-stream', Buffer.from('texte'))).to.match(/est un programme/);
    expect(await refusal('lancer.bat', 'text/plain', Buffer.from('@echo off'))).to.match(/est un programme/);
  });

  it('holds PDF and ZIP-based documents to their signature', async function () {
    expect(await judgeContent({ name: 'facture.pdf', mime: 'application/pdf' }, PDF_DOC)).to.deep.equal({ mime: 'application/pdf', ext: 'pdf', image: null });
    expect(await refusal('facture.pdf', 'application/pdf', HTML_PAGE)).to.equal('Le fichier « facture.pdf » n’est pas un fichier PDF : son contenu est du texte ou un format non reconnu. Il est refusé.');
    expect(await refusal('devis.docx', '', PDF_DOC)).to.match(/n’est pas un fichier ZIP \(archive ou document bureautique\) : son contenu est un fichier PDF/);
  });

  it('keeps other files as opaque ones, with their declared type', async function () {
    expect(await judgeContent({ name: 'clients.csv', mime: 'text/csv' }, Buffer.from('nom;ville\nDupont;Lyon'))).to.deep.equal({ mime: 'text/csv', ext: 'csv', image: null });
    expect(await judgeContent({ name: 'page.html', mime: 'text/html' }, HTML_PAGE)).to.deep.equal({ mime: 'text/html', ext: 'html', image: null });
    expect(await judgeContent({ name: 'notes', mime: '' }, Buffer.from('bonjour'))).to.deep.equal({ mime: 'application/octet-stream', ext: null, image: null });
    expect(await judgeContent({ name: 'vide.txt', mime: 'text/plain' }, Buffer.alloc(0))).to.deep.equal({ mime: 'text/plain', ext: 'txt', image: null });
  });

  it('cleans file names: last path segment, no control character, 255 characters keeping the extension', function () {
    expect(cleanName('../../etc/passwd')).to.equal('passwd');
    expect(cleanName('C:\\Documents\\devis.pdf')).to.equal('devis.pdf');
    expect(cleanName(' fac\u0007ture\u0000.pdf ')).to.equal('facture.pdf');
    expect(cleanName('😀🎉.txt')).to.equal('😀🎉.txt');
    const long = cleanName(`${'é'.repeat(300)}.docx`);
    expect(Array.from(long)).to.have.length(255);
    expect(long.endsWith('é.docx')).to.equal(true);
    expect(extensionOf(long)).to.equal('docx');
  });

  it('cleans declared types and extensions', function () {
    expect(cleanMime('Image/PNG; charset=x')).to.equal('image/png');
    expect(cleanMime('<script>')).to.equal('');
    expect(extensionOf('Archive.TAR.GZ')).to.equal('gz');
    expect(extensionOf('sans extension')).to.equal(null);
  });
});

describe('SVG check', function () {
  const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attrs}>${inner}</svg>`;

  it('accepts a drawing, with a DOCTYPE, styles and links to its own parts', function () {
    expect(svgProblem(SVG_TEXT)).to.equal(null);
    const doctype = '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">';
    expect(svgProblem(doctype + svg('<style>.a{fill:red}</style><defs><g id="g"/></defs><use href="#g"/>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'))).to.equal(null);
  });

  it('refuses scripts, event handlers, javascript: links, embedded HTML and entities', function () {
    expect(svgProblem(svg('<script>alert(1)</script>'))).to.equal('il contient un élément <script> (code actif ou contenu HTML)');
    expect(svgProblem(svg('', ' onload="alert(1)"'))).to.equal('il contient un gestionnaire d’événement (onload)');
    expect(svgProblem(svg('<a href="java\nscript:alert(1)"><rect/></a>'))).to.equal('il contient un lien actif (href)');
    expect(svgProblem(svg('<set attributeName="href" to="javascript:alert(1)"/>'))).to.equal('il contient un lien actif (to)');
    expect(svgProblem(svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>'))).to.match(/<foreignObject>/);
    expect(svgProblem('<!DOCTYPE svg [<!ENTITY a "aaaa">]>' + svg('&a;'))).to.equal('il déclare des entités XML');
  });

  it('refuses references to anything outside the drawing; keeps its own parts, embedded images and hyperlinks', function () {
    const xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"';
    const outside = [
      svg('<use href="http://127.0.0.1:9/sprite.svg#a"/>'),
      svg('<use xlink:href="https://pisteur.exemple/x.svg#a"/>', xlink),
      svg('<image href="photo.png" width="10" height="10"/>'),
      svg('<image xlink:href="file:///etc/passwd"/>', xlink),
      svg('<feImage href="//pisteur.exemple/p.png"/>'),
      svg('<style>@import url("https://pisteur.exemple/x.css");</style>'),
      svg('<style>@import "https://pisteur.exemple/x.css";</style>'),
      svg('<style><![CDATA[ rect { fill: url(https://pisteur.exemple/p.svg#g) } ]]></style>'),
      svg('<style>rect { background: \\75 rl(https://pisteur.exemple/p.png) }</style>'),
      svg('<rect style="fill: URL( \'http://pisteur.exemple/p#g\' )"/>'),
      svg('<rect fill="url(https://pisteur.exemple/p.svg#g)"/>'),
      svg('<rect style="background-image: image-set(\'https://pisteur.exemple/p.png\' 1x)"/>'),
      '<?xml-stylesheet href="https://pisteur.exemple/x.css"?>' + svg(''),
    ];
    for (const text of outside) expect(svgProblem(text), text).to.match(/extérieur|lien actif/);
    const own = svg('<defs><linearGradient id="g"/><image id="i" href="data:image/png;base64,iVBORw0KGgo="/></defs>'
      + '<rect fill="url(#g)" style="fill: url( \'#g\' )"/><use xlink:href="#i"/><a href="https://exemple.fr"><text>site</text></a>'
      + '<style>rect { fill: url(#g) }</style>', xlink);
    expect(svgProblem(own)).to.equal(null);
  });

  it('refuses what is not an SVG document', function () {
    expect(svgProblem('<html><body/></html>')).to.equal('sa racine est <html>, pas <svg>');
    expect(svgProblem('<svg xmlns="http://www.w3.org/2000/svg"><g></svg>')).to.match(/^ce n’est pas un XML valide/);
    expect(svgProblem('du texte')).to.match(/^ce n’est pas un XML valide|aucun élément/);
    expect(svgText(Buffer.from([0xff, 0xfe, 0x00]))).to.equal(null);
  });
});

describe('attachment addresses', function () {
  const folder = 'a'.repeat(24);
  const filename = `${'0'.repeat(32)}.png`;

  it('parses the four segments and refuses anything else', function () {
    expect(parseAttachmentPath(`${folder}/files/${filename}/w320`)).to.deep.equal({ ok: true, location: { folder, subfolder: 'files', filename }, variant: 'w320' });
    for (const bad of [
      `${folder}/files/${filename}`, `${folder}/files/${filename}/w320/x`, `../../etc/passwd/original`,
      `${folder}/files/..%2F..%2Fcomptoir.sqlite/original`, `${folder}/%2e%2e/${filename}/original`,
      `${folder}/files/${filename.toUpperCase()}/original`, `${folder}/Files/${filename}/original`,
      `${folder}/files/${filename}/%ZZ`, `${folder}\\..\\x/files/${filename}/original`,
    ]) expect(parseAttachmentPath(bad).ok, bad).to.equal(false);
  });

  it('serves images and PDF as themselves, the rest as downloads', function () {
    expect(servedAs('x.svg')).to.deep.equal({ mime: 'image/svg+xml', inline: true, image: 'svg' });
    expect(servedAs('x.tif')).to.deep.equal({ mime: 'image/tiff', inline: true, image: 'tiff' });
    expect(servedAs('x.pdf')).to.deep.equal({ mime: 'application/pdf', inline: true, image: null });
    expect(servedAs('x.html')).to.deep.equal({ mime: 'application/octet-stream', inline: false, image: null });
    expect(servedAs('x')).to.deep.equal({ mime: 'application/octet-stream', inline: false, image: null });
  });

  it('knows every key an attachment may occupy', function () {
    const keys = keysOf({ folder, subfolder: 'files', filename });
    expect(keys[0]).to.equal(`${folder}/files/${filename}/original`);
    expect(keys).to.have.length(10);
  });
});

describe('File totals', function () {
  it('sums the attachments and calls a File of images an image', function () {
    expect(fileTotals([])).to.deep.equal({ size: 0, type: 'binary' });
    expect(fileTotals([{ size: 10, mime: 'image/png' }, { size: 5, mime: 'image/svg+xml' }])).to.deep.equal({ size: 15, type: 'image' });
    expect(fileTotals([{ size: 10, mime: 'image/png' }, { size: 3_000_000_000, mime: 'application/pdf' }])).to.deep.equal({ size: 3_000_000_010, type: 'binary' });
  });
});
