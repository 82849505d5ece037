import { describe, expect, it } from 'vitest';
import { withParticle } from '../../src/util/korean-particle.js';

describe('a Korean particle after a word', () => {
  it.each([
    ['시트', '은', '시트는'],
    ['부분', '은', '부분은'],
    ['공유 문자열', '이', '공유 문자열이'],
    ['스타일 부분', '이', '스타일 부분이'],
    ['시트', '을', '시트를'],
    ['주문', '을', '주문을'],
    ['주문.xlsx', '은', '주문.xlsx은(는)'],
    ['"주문" 시트', '이', '"주문" 시트가'],
    ['', '이', '이(가)'],
  ] as const)('%s + %s is %s', (word, particle, said) => {
    expect(withParticle(word, particle)).toBe(said);
  });
});
