/**
 * The avatar (schemas README « User »: « the avatar is the attachment tagged avatar »): set from an
 * uploaded image, replacing the previous one (whose bytes go), shown through its variants,
 * removed; a non-image is refused and stores nothing.
 */
import { expect } from 'chai';
import { createTestKernel, type TestKernel } from '@comptoir/sdk/testing';
import { attachmentUrl, taggedAttachment, type Attachment } from '@comptoir/schemas';
import { samples, PDF_DOC, type Sample } from '../support/images.ts';
import { fetchBytes, senderOf, storedFiles, upload } from '../support/upload.ts';
import { createMember, type Account } from '../support/kernel.ts';

const AVATAR = '/api/kernel/avatar';

describe('kernel: my avatar', function () {
  let k: TestKernel;
  let images: Record<string, Sample>;
  let me: Account;

  before(async function () {
    k = await createTestKernel();
    images = await samples();
    me = await createMember(k, 'avatar@exemple.fr');
  });
  after(async function () { await k?.stop(); });

  const mine = () => senderOf(k, me.token, me.companyId);

  it('sets my avatar from an image: an attachment of my account tagged avatar, in my own folder', async function () {
    const res = await upload(mine(), [images.jpeg], {}, AVATAR);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body._id).to.equal(me.userId);
    expect(res.body).to.not.have.property('password');
    const avatar = taggedAttachment<Attachment>(res.body.attachments, 'avatar')!;
    expect(avatar).to.deep.include({ folder: me.userId, subfolder: 'avatar', mime: 'image/jpeg', tags: ['avatar'], name: 'photo.jpg' });
    const thumb = await fetchBytes(k, attachmentUrl(avatar, 's64'));
    expect(thumb.status).to.equal(200);
    const context = await me.http.get('/api/auth/me');
    expect(taggedAttachment<Attachment>(context.body.user.attachments, 'avatar')?.filename).to.equal(avatar.filename);
  });

  it('replaces the previous avatar, whose bytes and variants are removed', async function () {
    const before = (await me.http.get('/api/auth/me')).body.user.attachments as Attachment[];
    const previous = taggedAttachment(before, 'avatar')!;
    const res = await upload(mine(), [images.svg], {}, AVATAR);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const avatars = (res.body.attachments as Attachment[]).filter((a) => a.tags.includes('avatar'));
    expect(avatars).to.have.length(1);
    expect(avatars[0].mime).to.equal('image/svg+xml');
    expect(storedFiles(k).filter((f) => f.includes(previous.filename))).to.deep.equal([]);
    expect((await fetchBytes(k, attachmentUrl(previous, 's64'))).status).to.equal(404);
  });

  it('refuses a file that is not an image, or two files, and changes nothing', async function () {
    const disk = storedFiles(k);
    const before = (await me.http.get('/api/auth/me')).body.user.attachments;
    const pdf = await upload(mine(), [{ name: 'cv.pdf', type: 'application/pdf', data: PDF_DOC }], {}, AVATAR);
    expect(pdf.status).to.equal(400);
    expect(pdf.body.message).to.equal('Le fichier « cv.pdf » n’est pas une image : envoyez une image PNG, SVG, TIFF, WebP, GIF, JPEG ou ICO.');
    const two = await upload(mine(), [images.png, images.gif], {}, AVATAR);
    expect(two.status).to.equal(413);
    expect(two.body.message).to.equal('Trop de fichiers : 1 au plus par envoi.');
    const field = await upload(mine(), [images.png], { name: 'x' }, AVATAR);
    expect(field.status).to.equal(400);
    expect((await me.http.get('/api/auth/me')).body.user.attachments).to.deep.equal(before);
    expect(storedFiles(k)).to.deep.equal(disk);
  });

  it('removes my avatar and its bytes; removing none is harmless', async function () {
    const current = taggedAttachment<Attachment>((await me.http.get('/api/auth/me')).body.user.attachments, 'avatar')!;
    const res = await me.http.delete(AVATAR);
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(taggedAttachment(res.body.attachments, 'avatar')).to.equal(undefined);
    expect(storedFiles(k).filter((f) => f.includes(current.filename))).to.deep.equal([]);
    const again = await me.http.delete(AVATAR);
    expect(again.status).to.equal(200);
  });

  it('never deletes bytes my account does not own, even if my attachments name them', async function () {
    const file = (await upload(senderOf(k), [images.png])).body;
    const foreign: Attachment = { ...file.attachments[0], tags: ['avatar'] };
    const put = await me.http.put(`/api/kernel/users/${me.userId}`, { attachments: [foreign] });
    expect(put.status, JSON.stringify(put.body)).to.equal(200);
    expect((await me.http.delete(AVATAR)).status).to.equal(200);
    expect((await fetchBytes(k, attachmentUrl(file.attachments[0]))).status).to.equal(200);
  });
});
