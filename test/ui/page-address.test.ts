import { describe, expect, it } from 'vitest';
import { SEEN_AGAIN } from '../../src/ui/render.js';
import { pageAddress } from '../../src/web/page-address.js';

describe('the language switch of a page: a page read as asked, a page that answers a form at its form’s page', () => {
  const base = '/p/secret';
  it.each([
    ['POST', '/uploads', '/'],
    ['POST', '/uploads/u-1/send', '/uploads/u-1'],
    ['POST', '/uploads/u-1/fixes', '/uploads/u-1'],
    ['POST', '/uploads/u-1/products', '/uploads/u-1'],
    ['POST', '/uploads/u-1/mapping', '/uploads/u-1/mapping'],
    ['POST', '/catalog', '/catalog'],
    ['POST', '/catalog/import', '/catalog'],
    ['POST', '/marketplaces/naver/pull', '/marketplaces'],
    ['POST', '/marketplaces/cafe24/push', '/marketplaces'],
    ['POST', '/marketplaces/coupang/keys', '/marketplaces'],
    ['POST', '/marketplaces/cafe24/consent', '/marketplaces'],
    ['POST', '/status/sign-in', '/status'],
    ['POST', '/history/u-1/resume', '/history'],
    ['GET', '/uploads/u-1/mapping', '/uploads/u-1/mapping'],
    ['GET', '/catalog?q=a&missing=1', '/catalog?q=a&missing=1'],
    ['GET', '/history?before=20&lang=ko', '/history?before=20'],
    ['GET', '/?token=one-time', '/'],
  ])('%s %s is seen again at %s, an address that takes GET', (method, path, again) => {
    expect(pageAddress(method, `${base}${path}`, SEEN_AGAIN)).toBe(`${base}${again}`);
  });
});
