/**
 * The address throttling counts under (server/src/auth/client-address.ts): IPv4-mapped IPv6 is its
 * IPv4 address; IPv6 counts by /64, whatever way the address is written.
 */
import { expect } from 'chai';
import { throttleAddress } from '../src/auth/client-address.ts';

describe('throttling: the address a client counts under', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(throttleAddress('203.0.113.7')).to.equal('203.0.113.7');
    expect(throttleAddress('127.0.0.1')).to.equal('127.0.0.1');
  });

  it('maps ::ffff:a.b.c.d (a dual-stack socket’s IPv4 peer) to a.b.c.d, in any writing', () => {
    expect(throttleAddress('::ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(throttleAddress('::FFFF:203.0.113.7')).to.equal('203.0.113.7');
    expect(throttleAddress('::ffff:cb00:7107')).to.equal('203.0.113.7');
    expect(throttleAddress('0:0:0:0:0:ffff:203.0.113.7')).to.equal('203.0.113.7');
    expect(throttleAddress('::ffff:127.0.0.1')).to.equal('127.0.0.1');
  });

  it('groups IPv6 clients by their /64: every address of one network is one client', () => {
    const net = '2001:db8:1:2::/64';
    for (const ip of ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0db8:0001:0002:0000:0000:0000:00aa', '2001:DB8:1:2:a:b:c:d', '[2001:db8:1:2::7]']) {
      expect(throttleAddress(ip), ip).to.equal(net);
    }
    expect(throttleAddress('2001:db8:1:3::1')).to.equal('2001:db8:1:3::/64');
    expect(throttleAddress('2001:db8::1')).to.equal('2001:db8:0:0::/64');
    expect(throttleAddress('::1')).to.equal('0:0:0:0::/64');
    expect(throttleAddress('fe80::1%eth0')).to.equal('fe80:0:0:0::/64');
    // NAT64 (64:ff9b::/96) embeds IPv4 at the end: still one IPv6 network
    expect(throttleAddress('64:ff9b::203.0.113.7')).to.equal('64:ff9b:0:0::/64');
  });

  it('keeps what is not an address as it is', () => {
    expect(throttleAddress('')).to.equal('');
    expect(throttleAddress('inconnu')).to.equal('inconnu');
    expect(throttleAddress('2001:db8::1::2')).to.equal('2001:db8::1::2');
  });
});
