import { MIN_COST } from './auth/passwords';
import { readConfig } from './config';

describe('PASSWORD_HASH_COST', () => {
  it(`refuses a cost below the floor (${MIN_COST}) or absurdly high, and takes the floor itself`, () => {
    for (const value of ['10', String(MIN_COST - 1), '21', 'cheap'])
      expect(() => readConfig({ PASSWORD_HASH_COST: value })).toThrow(/PASSWORD_HASH_COST/);
    expect(readConfig({ PASSWORD_HASH_COST: String(MIN_COST) }).passwordCost).toBe(MIN_COST);
    expect(readConfig({}).passwordCost).toBe(17);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and when false', () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count or a list of proxy addresses and ranges', () => {
    expect(readConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(
      readConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8, ::1, loopback' }).trustProxy,
    ).toEqual(['10.0.0.1', '172.16.0.0/12', 'fd00::/8', '::1', 'loopback']);
  });

  it('refuses "true" (trusting everyone would let any client choose its address) and anything malformed', () => {
    for (const value of ['true', 'yes', '10.0.0.1/33', 'proxy.example', '10.0.0.1,', '-1'])
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('is a comma-separated list of names, in lowercase', () => {
    expect(readConfig({}).allowedHosts).toEqual([]);
    expect(
      readConfig({ ALLOWED_HOSTS: 'MedRef.example.org, admin.example.org ,' }).allowedHosts,
    ).toEqual(['medref.example.org', 'admin.example.org']);
  });
});
