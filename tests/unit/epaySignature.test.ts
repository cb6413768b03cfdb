import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  centsToEpayMoney,
  epayMoneyToCents,
  epaySignContent,
  signEpayV1,
  signEpayV2,
  verifyEpayV1,
  verifyEpayV2,
  type EpayParams,
} from '../../src/server/shop/epay/signature';

// Expected hashes below were computed outside this code with `printf '%s' "<content><key>" | md5sum`.
const NOTICE_KEY = 'a1b2c3d4e5f6g7h8i9j0KEY';
// Key order deliberately differs from the sorted order.
const notice: EpayParams = {
  pid: '1001',
  trade_no: '2024061512345678',
  out_trade_no: 'ORD20240615ABC',
  type: 'alipay',
  name: '萌博客 专业版 授权',
  money: '39.90',
  trade_status: 'TRADE_SUCCESS',
  param: '',
  sign: '3229fc0acd0d3044accb1fd17dc75200',
  sign_type: 'MD5',
};
const NOTICE_CONTENT =
  'money=39.90&name=萌博客 专业版 授权&out_trade_no=ORD20240615ABC&pid=1001&trade_no=2024061512345678&trade_status=TRADE_SUCCESS&type=alipay';

const REQUEST_KEY = 'Zx9Yw8Vu7Ts6';
const request: EpayParams = {
  pid: 1001,
  type: 'wxpay',
  out_trade_no: 'ORD-42',
  notify_url: 'https://blog.example.com/api/shop/epay/notify?a=1&b=2',
  return_url: 'https://blog.example.com/pay/return',
  name: 'A&B=C 套餐 x2',
  money: 1,
  clientip: '203.0.113.7',
  device: 'pc',
  param: undefined,
  extra: null,
  sign_type: 'MD5',
};
const REQUEST_CONTENT =
  'clientip=203.0.113.7&device=pc&money=1&name=A&B=C 套餐 x2&notify_url=https://blog.example.com/api/shop/epay/notify?a=1&b=2' +
  '&out_trade_no=ORD-42&pid=1001&return_url=https://blog.example.com/pay/return&type=wxpay';

describe('epaySignContent', () => {
  it('sorts keys, drops empty values and the signature fields, and leaves values unencoded', () => {
    expect(epaySignContent(notice)).toBe(NOTICE_CONTENT);
    expect(epaySignContent(request)).toBe(REQUEST_CONTENT);
  });

  it('orders by code unit, not by locale', () => {
    expect(epaySignContent({ b: '2', ab: '3', a_b: '1', Z: '0' })).toBe('Z=0&a_b=1&ab=3&b=2');
  });

  it('keeps zero, which is not empty', () => {
    expect(epaySignContent({ b: 0, a: '0' })).toBe('a=0&b=0');
  });
});

describe('V1 (MD5)', () => {
  it('matches independently computed signatures', () => {
    expect(signEpayV1(notice, NOTICE_KEY)).toBe('3229fc0acd0d3044accb1fd17dc75200');
    expect(signEpayV1(request, REQUEST_KEY)).toBe('5ee2a9e2b22f9edff83f78067d5bcc83');
  });

  it('does not depend on the sign fields already present', () => {
    const { sign: _sign, sign_type: _type, ...bare } = notice;
    expect(signEpayV1(bare, NOTICE_KEY)).toBe('3229fc0acd0d3044accb1fd17dc75200');
  });

  it('accepts the right sign in either case', () => {
    expect(verifyEpayV1(notice, NOTICE_KEY)).toBe(true);
    expect(verifyEpayV1({ ...notice, sign: String(notice.sign).toUpperCase() }, NOTICE_KEY)).toBe(true);
  });

  it('rejects a tampered value, a wrong key, a missing or ill-formed sign', () => {
    expect(verifyEpayV1({ ...notice, money: '0.01' }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1({ ...notice, param: 'x' }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1(notice, `${NOTICE_KEY}x`)).toBe(false);
    expect(verifyEpayV1({ ...notice, sign: undefined }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1({ ...notice, sign: '' }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1({ ...notice, sign: '3229fc0acd0d3044accb1fd17dc752' }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1({ ...notice, sign: '3229fc0acd0d3044accb1fd17dc7520000' }, NOTICE_KEY)).toBe(false);
    expect(verifyEpayV1({ ...notice, sign: 'zz29fc0acd0d3044accb1fd17dc75200' }, NOTICE_KEY)).toBe(false);
  });
});

describe('V2 (SHA256withRSA)', () => {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privatePkcs8 = merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const privatePkcs1 = merchant.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  const publicPem = merchant.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const otherPrivatePem = other.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('signs so that the public key verifies, with PKCS#8 or PKCS#1 keys', () => {
    const sign = signEpayV2(notice, privatePkcs8);
    expect(verifyEpayV2({ ...notice, sign }, publicPem)).toBe(true);
    // PKCS#1 v1.5 is deterministic, so both encodings of one key give the same signature.
    expect(signEpayV2(notice, privatePkcs1)).toBe(sign);
  });

  it('produces a signature plain crypto.verify accepts over the content string', () => {
    const sign = signEpayV2(request, privatePkcs8);
    const ok = verify('sha256', Buffer.from(REQUEST_CONTENT), createPublicKey(publicPem), Buffer.from(sign, 'base64'));
    expect(ok).toBe(true);
  });

  it('rejects tampered params, another key and garbage without throwing', () => {
    const sign = signEpayV2(notice, privatePkcs8);
    expect(verifyEpayV2({ ...notice, sign, money: '0.01' }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign: signEpayV2(notice, otherPrivatePem) }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign: 'not base64 at all!' }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign: 'AAAA' }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign: '' }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign: undefined }, publicPem)).toBe(false);
    expect(verifyEpayV2({ ...notice, sign }, 'not a pem')).toBe(false);
  });

  it('refuses a non-RSA private key', () => {
    const ed = generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => signEpayV2(notice, ed)).toThrow(TypeError);
  });
});

describe('money', () => {
  it('parses amounts to cents', () => {
    expect(epayMoneyToCents('1')).toBe(100);
    expect(epayMoneyToCents('1.00')).toBe(100);
    expect(epayMoneyToCents('1.5')).toBe(150);
    expect(epayMoneyToCents('39.90')).toBe(3990);
    expect(epayMoneyToCents('39.9')).toBe(3990);
    expect(epayMoneyToCents('0.01')).toBe(1);
    expect(epayMoneyToCents('0')).toBe(0);
    // 0.29 * 100 is 28.999999999999996 in floating point.
    expect(epayMoneyToCents('0.29')).toBe(29);
    expect(epayMoneyToCents('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const bad of ['', 'abc', '-1', '1.001', '1e2', ' 1', '1 ', '1,00', '1.', '.5', '01.00', '+1', '0x10', '１']) {
      expect(epayMoneyToCents(bad), bad).toBeNull();
    }
    expect(epayMoneyToCents('90071992547409.92')).toBeNull();
    expect(epayMoneyToCents('99999999999999999999')).toBeNull();
    expect(epayMoneyToCents(undefined)).toBeNull();
    expect(epayMoneyToCents(null)).toBeNull();
    expect(epayMoneyToCents(1e21)).toBeNull();
    expect(epayMoneyToCents(-1)).toBeNull();
  });

  it('formats cents and round-trips', () => {
    expect(centsToEpayMoney(3900)).toBe('39.00');
    expect(centsToEpayMoney(1)).toBe('0.01');
    expect(centsToEpayMoney(0)).toBe('0.00');
    for (const cents of [0, 1, 29, 100, 150, 3990, 123456, Number.MAX_SAFE_INTEGER]) {
      expect(epayMoneyToCents(centsToEpayMoney(cents))).toBe(cents);
    }
    expect(() => centsToEpayMoney(-1)).toThrow(RangeError);
    expect(() => centsToEpayMoney(1.5)).toThrow(RangeError);
  });
});
