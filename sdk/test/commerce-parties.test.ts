import { expect } from 'chai';
import { type AddressLike, receiverFromCompany, receiverFromCustomer, senderFromCompany, singleFlaggedAddress } from '../src/commerce/index.ts';

const addr = (name: string, delivery: boolean, invoicing: boolean) => ({ name, address: `${name} rue`, city: 'Lyon', zipCode: '69001', delivery, invoicing });

describe('commerce — single flagged address (commerce README)', () => {
  it('none flagged → undefined', () => {
    expect(singleFlaggedAddress([addr('a', false, false), addr('b', false, false)], 'delivery')).to.equal(undefined);
    expect(singleFlaggedAddress([], 'invoicing')).to.equal(undefined);
    expect(singleFlaggedAddress(undefined, 'invoicing')).to.equal(undefined);
  });

  it('exactly one flagged → that one, for each use separately', () => {
    const list = [addr('siège', false, true), addr('entrepôt', true, false)];
    expect(singleFlaggedAddress(list, 'invoicing')!.name).to.equal('siège');
    expect(singleFlaggedAddress(list, 'delivery')!.name).to.equal('entrepôt');
  });

  it('two flagged → undefined', () => {
    expect(singleFlaggedAddress([addr('a', true, true), addr('b', true, false)], 'delivery')).to.equal(undefined);
    expect(singleFlaggedAddress([addr('a', true, true), addr('b', true, false)], 'invoicing')!.name).to.equal('a');
  });

  it('an absent flag counts as set (the Address default is true)', () => {
    expect(singleFlaggedAddress<AddressLike>([{ name: 'x' }], 'delivery')).to.deep.equal({ name: 'x' });
    expect(singleFlaggedAddress<AddressLike>([{ name: 'x' }, { name: 'y', delivery: false }], 'delivery')).to.deep.equal({ name: 'x' });
  });
});

describe('commerce — receiver and sender snapshots (commerce README)', () => {
  it('receiver from a customer: the Receiver fields, addresses only when exactly one is flagged', () => {
    const customer = {
      civ: 'M.', company: 'ACME', firstname: 'Jean', name: 'Dupont', telHome: '0102030405', telMobile: '0602030405',
      vatNumber: 'FR00123456789', email: 'jean@example.fr', notes: 'hors snapshot',
      addresses: [addr('siège', false, true), addr('dépôt', true, true)],
    };
    const receiver = receiverFromCustomer(customer);
    expect(receiver).to.deep.equal({
      civ: 'M.', company: 'ACME', firstname: 'Jean', name: 'Dupont', telHome: '0102030405', telMobile: '0602030405',
      vatNumber: 'FR00123456789', deliveryAddress: addr('dépôt', true, true),
    });
    expect(receiver.deliveryAddress).to.not.equal(customer.addresses[1]);
    expect(receiverFromCustomer({ name: 'Seul' })).to.deep.equal({ name: 'Seul' });
  });

  it('receiver from a company: name → company, business phone → telHome, its address per flag', () => {
    const company = { name: 'Boulangerie Martin', telBusiness: '0405060708', vatNumber: 'FR99', address: addr('atelier', false, true) };
    expect(receiverFromCompany(company)).to.deep.equal({
      company: 'Boulangerie Martin', telHome: '0405060708', vatNumber: 'FR99', invoicingAddress: addr('atelier', false, true),
    });
  });

  it('sender from the company: the Sender fields and nothing else', () => {
    const company = {
      name: 'Comptoir SARL', brandName: 'Comptoir', capital: 1000, address: addr('siège', true, true), naf: '6201Z', rm: 'RM1',
      siren: '123456789', siret: '12345678900012', status: 'SARL', telBusiness: '01', telMobile: '06', vatNumber: 'FR12',
      email: 'contact@comptoir.fr', subjectToVAT: true,
    };
    const sender = senderFromCompany(company);
    expect(sender).to.deep.equal({
      name: 'Comptoir SARL', capital: 1000, address: addr('siège', true, true), naf: '6201Z', rm: 'RM1', siren: '123456789',
      siret: '12345678900012', status: 'SARL', telBusiness: '01', telMobile: '06', vatNumber: 'FR12',
    });
    expect(sender.address).to.not.equal(company.address);
    expect(senderFromCompany({ name: 'Mini' })).to.deep.equal({ name: 'Mini' });
  });
});
