/**
 * The plain rules of invitations (server/src/platform/services/invitations/invitations.ts and
 * invitation-notices.ts), tested without HTTP nor database: 0 = unlimited, when a link stops
 * working, how low maxUsage may go, the link's key, and how a requester is named.
 */
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { isHttpError } from '@comptoir/sdk';
import type { Invitation } from '@comptoir/schemas';
import { INVITATION_KEY_PATTERN, invitationPath } from '@comptoir/schemas';
import { assertMaxUsage, drawKey, hasRoom, unusableReason } from '../../server/src/platform/services/invitations/invitations.ts';
import { requesterLabel } from '../../server/src/platform/services/invitations/invitation-notices.ts';
import { invitationMail } from '../../server/src/mail/templates.ts';

const inv = (o: Partial<Invitation>) => ({ active: true, maxUsage: 0, currentUsageCount: 0, ...o }) as Invitation;

describe('kernel: invitation rules', function () {
  it('maxUsage 0 means unlimited; otherwise room until the count reaches it', function () {
    expect(hasRoom(inv({ maxUsage: 0, currentUsageCount: 10_000 }))).to.equal(true);
    expect(hasRoom(inv({ maxUsage: 5, currentUsageCount: 4 }))).to.equal(true);
    expect(hasRoom(inv({ maxUsage: 5, currentUsageCount: 5 }))).to.equal(false);
    expect(hasRoom(inv({ maxUsage: 5, currentUsageCount: 6 }))).to.equal(false);
  });

  it('a link stops working when inactive (said first) or used up, with a French reason', function () {
    expect(unusableReason(inv({}))).to.equal(null);
    expect(unusableReason(inv({ active: false, maxUsage: 1, currentUsageCount: 1 }))).to.equal('Cette invitation n’est plus active : demandez un nouveau lien à l’entreprise.');
    expect(unusableReason(inv({ maxUsage: 1, currentUsageCount: 1 }))).to.equal('Cette invitation a déjà été utilisée le nombre de fois prévu : demandez un nouveau lien à l’entreprise.');
  });

  it('maxUsage may be 0 or at least the people already in, and is left alone when not sent', function () {
    const used = inv({ maxUsage: 5, currentUsageCount: 3 });
    for (const ok of [undefined, 0, 3, 4, 100]) expect(() => assertMaxUsage(ok, used), String(ok)).to.not.throw();
    try {
      assertMaxUsage(2, used);
      expect.fail('2 < 3 accepted');
    } catch (e) {
      expect(isHttpError(e) && e.status).to.equal(400);
      expect((e as { details: unknown }).details).to.deep.equal([{ field: 'maxUsage', message: 'au moins 3' }]);
    }
  });

  it('draws a 256-bit URL-safe key and stores its SHA-256 only; two keys never repeat', function () {
    const a = drawKey();
    const b = drawKey();
    expect(a.key).to.match(new RegExp(INVITATION_KEY_PATTERN));
    expect(a.keyHash).to.equal(createHash('sha256').update(a.key).digest('hex'));
    expect(a.key).to.not.equal(b.key);
    expect(invitationPath(a.key)).to.equal(`/invitation/${a.key}`);
  });

  it('names a requester by their name and e-mail, or the e-mail alone', function () {
    expect(requesterLabel({ userEmail: 'ines@exemple.fr', providedInformation: { firstname: 'Inès', name: 'Vité' } })).to.equal('Inès Vité (ines@exemple.fr)');
    expect(requesterLabel({ userEmail: 'ines@exemple.fr', providedInformation: {} })).to.equal('ines@exemple.fr');
  });

  it('writes the invitation e-mail in French, with the link, the roles and what happens next; HTML escaped', function () {
    const mail = invitationMail({
      companyName: 'Boulangerie <Martin>', invitationName: 'Vendeurs', senderName: 'Paul Martin',
      link: 'https://comptoir.exemple.fr/invitation/abc', roles: ['Vendeur', 'Caisse'], manual: true,
    });
    expect(mail.subject).to.equal('Invitation à rejoindre Boulangerie <Martin> sur Comptoir');
    expect(mail.text).to.include('Paul Martin vous invite à rejoindre « Boulangerie <Martin> » sur Comptoir (invitation « Vendeurs »).');
    expect(mail.text).to.include('Rôles proposés : Vendeur, Caisse.');
    expect(mail.text).to.include('https://comptoir.exemple.fr/invitation/abc');
    expect(mail.text).to.include('un administrateur de l’entreprise la validera');
    expect(mail.html).to.include('<a href="https://comptoir.exemple.fr/invitation/abc">Accepter l’invitation</a>');
    expect(mail.html).to.include('Boulangerie &lt;Martin&gt;').and.not.include('<Martin>');
    const direct = invitationMail({ companyName: 'X', invitationName: 'Y', senderName: 'Z', link: 'https://x/invitation/k', roles: [], manual: false });
    expect(direct.text).to.include('vous rejoindrez l’entreprise aussitôt').and.not.include('Rôles proposés');
  });
});
