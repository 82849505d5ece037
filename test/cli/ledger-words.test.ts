import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../../src/commands/ledger/words.js';

describe('intake ledger clear, in English', () => {
  it('counts what it forgot, one as one', () => {
    const service = 'http://127.0.0.1:8080';
    expect(ENGLISH.forgot(1, 'order', service, 'AK1')).toBe(`Forgot 1 order sent to ${service} as AK1.`);
    expect(ENGLISH.forgot(2, 'order', service, 'AK1')).toBe(`Forgot 2 orders sent to ${service} as AK1.`);
    expect(ENGLISH.forgot(1, undefined, service, 'AK1')).toBe(`Forgot 1 record sent to ${service} as AK1.`);
  });
});
