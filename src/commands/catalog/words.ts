import type { Factory } from '../../cli/factory.js';
import { MARKETPLACE_LABELS, MARKETPLACE_NAMES, type Marketplace } from '../../marketplaces/names.js';
import { count as number, counting } from '../../util/count.js';
import { terminalLang } from '../../util/terminal-lang.js';

/** What the catalog's commands tell people on stderr: in Korean at a Korean terminal. */
export interface CatalogWords {
  imported: (read: number, file: string, changed: number, total: number) => string;
  set: (id: string, name: string | undefined, imageUrl: string | undefined) => string;
  removed: (removed: number, asked: number) => string;
  written: (rows: number, file: string) => string;
  shown: (rows: number, total: number) => string;
  pulled: (kept: number, asked: number, marketplace: Marketplace) => string;
}

const ENGLISH: CatalogWords = {
  imported: (read, file, changed, total) =>
    `${counting(read, 'product')} read from ${file}; ${number(changed)} added or changed in the catalog (${number(total)} in all).`,
  set: (id, name, imageUrl) =>
    `Product ${id} in the catalog: ${name ?? '(no name)'}, ${imageUrl ?? '(no image)'}.`,
  removed: (removed, asked) => `${number(removed)} of ${number(asked)} products removed from the catalog.`,
  written: (rows, file) => `${counting(rows, 'product')} written to ${file}.`,
  shown: (rows, total) => `${number(rows)} of ${number(total)} products shown; --limit to see more.`,
  pulled: (kept, asked, marketplace) =>
    `${number(kept)} of ${number(asked)} products from ${MARKETPLACE_LABELS[marketplace]} kept in the catalog.`,
};

const KOREAN: CatalogWords = {
  imported: (read, file, changed, total) =>
    `${file}에서 상품 ${number(read)}개를 읽었습니다. 상품 목록에 ${number(changed)}개를 더하거나 고쳤습니다 (모두 ${number(total)}개).`,
  set: (id, name, imageUrl) =>
    `상품 목록의 ${id}: ${name ?? '(상품명 없음)'}, ${imageUrl ?? '(이미지 없음)'}.`,
  removed: (removed, asked) => `상품 ${number(asked)}개 중 ${number(removed)}개를 상품 목록에서 지웠습니다.`,
  written: (rows, file) => `상품 ${number(rows)}개를 ${file}에 썼습니다.`,
  shown: (rows, total) =>
    `상품 ${number(total)}개 중 ${number(rows)}개를 보였습니다. 더 보려면 --limit을 쓰세요.`,
  pulled: (kept, asked, marketplace) =>
    `${MARKETPLACE_NAMES[marketplace].ko}의 상품 ${number(asked)}개 중 ${number(kept)}개를 상품 목록에 넣었습니다.`,
};

export const catalogWords = (f: Factory): CatalogWords => (terminalLang(f.env) === 'ko' ? KOREAN : ENGLISH);
