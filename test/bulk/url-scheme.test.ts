import { describe, expect, it } from 'vitest';
import { withScheme } from '../../src/bulk/contract-said.js';

describe('an image address written without its https://', () => {
  it.each([
    ['www.shop.example.com/img/p.jpg', 'https://www.shop.example.com/img/p.jpg'],
    ['www.shop.example.com', 'https://www.shop.example.com'],
    ['//cdn.shop.example.com/p.jpg', 'https://cdn.shop.example.com/p.jpg'],
    ['shop.example.co.kr/img/p.jpg', 'https://shop.example.co.kr/img/p.jpg'],
    ['shop.example.com:8080/p.jpg', 'https://shop.example.com:8080/p.jpg'],
    ['shop.example.com?img=1', 'https://shop.example.com?img=1'],
  ])('%s is most likely %s', (typed, meant) => {
    expect(withScheme(typed)).toBe(meant);
  });

  it.each([
    'img/p.jpg',
    'p.jpg',
    'photo.jpeg/large',
    '//img/p.jpg',
    'p-1001',
    '../p.png',
    'shop.example.com',
  ])('%s is no address of its own: nothing is guessed', (typed) => {
    expect(withScheme(typed)).toBeUndefined();
  });
});
