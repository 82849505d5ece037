import { describe, expect, it } from 'vitest';
import { cafe24Basic } from '../../src/marketplaces/cafe24/oauth.js';
import {
  coupangAuthorization,
  coupangSignature,
  coupangSignedDate,
  parseCoupangAuthorization,
  signedDateTime,
} from '../../src/marketplaces/coupang/sign.js';
import { carrierRow, parseTrackingRule, trackingProblem } from '../../src/marketplaces/crosswalk.js';
import { naverSignature } from '../../src/marketplaces/naver/sign.js';

/** The worked vectors of the marketplace reference (§2.1, §3.1, §4.1). */
describe('signatures match the reference’s worked vectors', () => {
  it('Naver: bcrypt of client_id_timestamp with the secret as salt, in Base64', () => {
    expect(naverSignature('aaaabbbbcccc', '$2a$10$abcdefghijklmnopqrstuv', 1643961623299)).toBe(
      'JDJhJDEwJGFiY2RlZmdoaWprbG1ub3BxcnN0dXVCVldZSk42T0VPdEx1OFY0cDQxa2IuTnpVaUEzbmsy',
    );
    expect(naverSignature('intakeTestClient01', '$2a$04$abcdefghijklmnopqrstuu', 1767225600000)).toBe(
      'JDJhJDA0JGFiY2RlZmdoaWprbG1ub3BxcnN0dXVOWXVuMy9VeklnbDV3U3ZkMFpHQmxsWUp0ZngvUXAy',
    );
    expect(naverSignature('intakeTestClient01', '$2a$04$abcdefghijklmnopqrstuu', '1767225600001')).toBe(
      'JDJhJDA0JGFiY2RlZmdoaWprbG1ub3BxcnN0dXVtQkVPaWdUZHZnVXNpV0xuM1NxVkxFaWxwQTFpTmdT',
    );
    expect(() => naverSignature('id', 'not a salt', 1)).toThrow();
  });

  it('Coupang: HMAC-SHA256 of signed-date, method, path and the query as on the wire', () => {
    const keys = { accessKey: 'intake-test-access-key-0001', secretKey: 'intake-test-secret-0001' };
    const date = coupangSignedDate(new Date(Date.UTC(2026, 0, 1)));
    expect(date).toBe('260101T000000Z');
    expect(signedDateTime(date)).toBe(Date.UTC(2026, 0, 1));
    const vendor = '/v2/providers/openapi/apis/api/v4/vendors/A00012345';
    const rows: [string, string, string, string][] = [
      [
        'GET',
        `${vendor}/ordersheets`,
        'createdAtFrom=2026-01-01&createdAtTo=2026-01-01&maxPerPage=50&status=ACCEPT',
        '4eb2b5c172362258abb86fa756b89118bf51872b8579b2e4bacda79914a3eec8',
      ],
      [
        'GET',
        '/v2/providers/openapi/apis/api/v5/vendors/A00012345/ordersheets',
        'createdAtFrom=2026-01-01%2B09:00&createdAtTo=2026-01-01%2B09:00&maxPerPage=50&status=INSTRUCT',
        '74f8f37c42b11586dd31a80425c61276c1d508b02a56f935dc9a0ae8eddd78ed',
      ],
      [
        'GET',
        `${vendor}/ordersheets/642538970006401429`,
        '',
        '23af3fc21d7bf0422f962d9c037b9b430172245c2a0a6544f0afbcf684c0ed28',
      ],
      [
        'PUT',
        `${vendor}/ordersheets/acknowledgement`,
        '',
        'd599982fea911c9a6a9b7b1759cb34166821baaf6a7928ea6d9a730d884c6e4a',
      ],
      [
        'POST',
        `${vendor}/orders/invoices`,
        '',
        '86d49602587d5c01146c4bafde8a1883800023f099fba4adfd0dff8cd234c8ed',
      ],
    ];
    for (const [method, path, query, signature] of rows) {
      expect(coupangSignature(keys.secretKey, date, method, path, query), `${method} ${path}`).toBe(
        signature,
      );
    }
    const header = coupangAuthorization(keys, date, 'GET', `${vendor}/ordersheets`, rows[0]?.[2] as string);
    expect(header).toBe(
      'CEA algorithm=HmacSHA256, access-key=intake-test-access-key-0001, signed-date=260101T000000Z, signature=4eb2b5c172362258abb86fa756b89118bf51872b8579b2e4bacda79914a3eec8',
    );
    expect(parseCoupangAuthorization(header)).toEqual({
      accessKey: keys.accessKey,
      signedDate: date,
      signature: rows[0]?.[3],
    });
    expect(parseCoupangAuthorization(header.replace(', ', ','))).toBeUndefined();
  });

  it('Cafe24: Basic of client_id:client_secret', () => {
    expect(cafe24Basic('intakeTestClientId', 'intakeTestClientSecret')).toBe(
      'Basic aW50YWtlVGVzdENsaWVudElkOmludGFrZVRlc3RDbGllbnRTZWNyZXQ=',
    );
  });
});

describe('the carrier crosswalk', () => {
  it('maps the service’s codes to each marketplace’s, with the tracking-number lengths', () => {
    expect(carrierRow('kr.cjlogistics')?.codes).toEqual({
      naver: 'CJGLS',
      coupang: 'CJGLS',
      cafe24: 'per-mall',
    });
    expect(carrierRow('kr.lotte')?.codes.naver).toBe('HYUNDAI');
    expect(carrierRow('de.dhl')?.inferred.has('naver')).toBe(true);
    const cj = carrierRow('kr.cjlogistics')?.rule;
    expect(trackingProblem(cj, '640123456789')).toBeUndefined();
    expect(trackingProblem(cj, '64012345678')).toBe(
      'is 11 characters long (10 or 12 digits, as Coupang lists them)',
    );
    expect(trackingProblem(cj, '6')).toBe('is 1 character long (10 or 12 digits, as Coupang lists them)');
    expect(trackingProblem(cj, '64012345678A')).toContain('other than digits');
    expect(parseTrackingRule('8 to 16 digits (Coupang)')?.lengths).toEqual({ min: 8, max: 16 });
    expect(parseTrackingRule('10, 12 or 13 digits (Coupang)')?.lengths).toEqual([10, 12, 13]);
    expect(parseTrackingRule('18 or 9 characters, e.g. 1Z602A6E0326718825 (Coupang)')).toMatchObject({
      digits: false,
      lengths: [18, 9],
    });
    expect(parseTrackingRule('')).toBeUndefined();
  });
});
