/**
 * Marketplace order downloads at their real width, for tests and tryouts: the columns each seller centre
 * writes (as the presets' sources list them), a notice row where it has one, many orders, some of
 * several rows, and the mistakes people make in them. No image addresses: no download has one.
 */

/** Naver Smartstore's 발주/발송관리 download: 37 columns, 수취인연락처1 the 30th. */
export const SMARTSTORE_37 = [
  '상품주문번호',
  '주문번호',
  '배송방법(구매자 요청)',
  '배송방법',
  '택배사',
  '송장번호',
  '발송일',
  '구매자명',
  '구매자ID',
  '수취인명',
  '주문상태',
  '주문세부상태',
  '결제위치',
  '결제일',
  '상품번호',
  '상품명',
  '상품종류',
  '옵션정보',
  '옵션관리코드',
  '수량',
  '옵션가격',
  '상품가격',
  '상품별 할인액',
  '상품별 총 주문금액',
  '발주확인일',
  '발송기한',
  '배송비 묶음번호',
  '배송비 합계',
  '판매자 상품코드',
  '수취인연락처1',
  '수취인연락처2',
  '통합배송지',
  '구매자연락처',
  '우편번호',
  '배송메세지',
  '결제수단',
  '주문일시',
];
export const SMARTSTORE_NOTICE = ['※ 개인정보 보호를 위해 다운로드한 파일은 사용 후 삭제해 주세요.'];

const NAMES = ['김민지', '박지훈', '이서연', '최도윤', '정하은', '강시우', '조유나', '윤지호'];
const PRODUCTS = [
  ['81001', '제주 감귤 5kg'],
  ['81002', '한라봉 3kg'],
  ['81003', '천혜향 2kg'],
];

/** One Smartstore line: an order's item, with the cells that matter given and plausible others. */
export function smartstoreLine(
  order: string,
  item: string,
  buyer: number,
  product: number,
  overrides: Partial<Record<string, string>> = {},
): string[] {
  const [productId, productName] = PRODUCTS[product % PRODUCTS.length] as [string, string];
  const name = NAMES[buyer % NAMES.length] as string;
  const phone = `010-${String(2000 + (buyer % 8000)).padStart(4, '0')}-${String(1000 + buyer).slice(-4)}`;
  const cells: Record<string, string> = {
    상품주문번호: item,
    주문번호: order,
    '배송방법(구매자 요청)': '택배,등기,소포',
    배송방법: '택배,등기,소포',
    구매자명: name,
    구매자ID: `${name.charCodeAt(0).toString(36)}****`,
    수취인명: name,
    주문상태: '결제완료',
    주문세부상태: '신규주문',
    결제위치: 'MOBILE',
    결제일: '2026.11.25 09:12:33',
    상품번호: productId,
    상품명: productName,
    상품종류: '조합형옵션상품',
    옵션정보: '중량: 5kg / 포장: 선물',
    수량: '1',
    옵션가격: '0',
    상품가격: '29900',
    '상품별 할인액': '0',
    '상품별 총 주문금액': '29900',
    발송기한: '2026.11.27',
    '배송비 묶음번호': `B${order}`,
    '배송비 합계': '3000',
    수취인연락처1: phone,
    수취인연락처2: '',
    통합배송지: '서울특별시 강남구 테헤란로 1',
    구매자연락처: phone,
    우편번호: '06236',
    배송메세지: '문 앞에 놓아 주세요',
    결제수단: '신용카드',
    주문일시: '2026.11.25 09:12:30',
    ...overrides,
  };
  return SMARTSTORE_37.map((header) => cells[header] ?? '');
}

/**
 * A Smartstore download of `orders` orders (every third of two items), with the mistakes the issue
 * found: order `…0436`'s first row's phone one digit short, a phone of 9 digits, one written as words.
 */
export function smartstoreDownload(prefix: string, orders: number): string[][] {
  const rows: string[][] = [SMARTSTORE_NOTICE, SMARTSTORE_37];
  for (let n = 1; n <= orders; n++) {
    const order = `${prefix}${String(n).padStart(4, '0')}`;
    const lines = n % 3 === 0 ? 2 : 1;
    for (let line = 1; line <= lines; line++) {
      rows.push(smartstoreLine(order, `${order}${line}`, n, n + line));
    }
  }
  return rows;
}

/** Coupang Wing's delivery list (배송리스트): 40 columns; phones are 050x safe numbers, names masked. */
export const COUPANG_40 = [
  '번호',
  '묶음배송번호',
  '주문번호',
  '택배사',
  '운송장번호',
  '분리배송 Y/N',
  '분리배송 출고예정일',
  '주문시 출고예정일',
  '출고일(발송일)',
  '주문일',
  '등록상품명',
  '등록옵션명',
  '노출상품명(옵션명)',
  '노출상품ID',
  '옵션ID',
  '최초등록등록상품명/옵션명',
  '업체상품코드',
  '바코드',
  '결제액',
  '배송비구분',
  '배송비',
  '도서산간 추가배송비',
  '구매수(수량)',
  '옵션판매가(판매단가)',
  '구매자',
  '구매자전화번호',
  '수취인이름',
  '수취인전화번호',
  '우편번호',
  '수취인 주소',
  '배송메세지',
  '상품별 추가메시지',
  '주문자 추가메시지',
  '배송완료일',
  '구매확정일자',
  '개인통관번호(PCCC)',
  '통관용수취인전화번호',
  '기타',
  '결제위치',
  '배송유형',
];

/** A Coupang delivery list of `orders` orders (every fourth of two items). */
export function coupangDownload(prefix: string, orders: number): string[][] {
  const rows: string[][] = [COUPANG_40];
  let number = 0;
  for (let n = 1; n <= orders; n++) {
    const order = `${prefix}${String(n).padStart(5, '0')}`;
    for (let line = 1; line <= (n % 4 === 0 ? 2 : 1); line++) {
      number += 1;
      const name = NAMES[n % NAMES.length] as string;
      const masked = `${name[0]}*${name.slice(2)}`;
      const cells: Record<string, string> = {
        번호: String(number),
        묶음배송번호: `5${order}`,
        주문번호: order,
        주문일: '2026-11-25 09:12:30',
        등록상품명: (PRODUCTS[(n + line) % PRODUCTS.length] as string[])[1] as string,
        등록옵션명: '5kg',
        노출상품ID: `7${(PRODUCTS[(n + line) % PRODUCTS.length] as string[])[0]}`,
        옵션ID: `9${String(n * 10 + line).padStart(9, '0')}`,
        결제액: '29900',
        '구매수(수량)': '1',
        구매자: masked,
        구매자전화번호: `0504-${String(1000 + n).slice(-4)}-${String(2000 + n).slice(-4)}`,
        수취인이름: masked,
        수취인전화번호: `0504-${String(1000 + n).slice(-4)}-${String(2000 + n).slice(-4)}`,
        '수취인 주소': '서울특별시 송파구 송파대로 570',
        결제위치: 'APP',
        배송유형: '일반배송',
      };
      rows.push(COUPANG_40.map((header) => cells[header] ?? ''));
    }
  }
  return rows;
}

/** Cafe24's order download in its default layout: 30 columns. */
export const CAFE24_30 = [
  '주문번호',
  '주문일시',
  '결제일시(입금확인일)',
  '주문자명',
  '주문자 휴대전화',
  '주문자 이메일',
  '회원등급',
  '수령인',
  '수령인 전화번호',
  '수령인 휴대전화',
  '수령인 우편번호',
  '수령인 주소(전체)',
  '배송메시지',
  '품목별 주문번호',
  '상품번호',
  '상품코드',
  '주문상품명',
  '상품옵션(기본)',
  '수량',
  '판매가',
  '옵션추가금액',
  '상품구매금액(KRW)',
  '총 배송비(KRW)',
  '결제금액',
  '결제수단',
  '주문상태',
  '배송업체',
  '운송장번호',
  '주문경로',
  '회원 아이디',
];

/** A Cafe24 download of `orders` orders (every third of two items). */
export function cafe24Download(day: string, orders: number): string[][] {
  const rows: string[][] = [CAFE24_30];
  for (let n = 1; n <= orders; n++) {
    const order = `${day}-${String(n).padStart(7, '0')}`;
    for (let line = 1; line <= (n % 3 === 0 ? 2 : 1); line++) {
      const name = NAMES[n % NAMES.length] as string;
      const [id, product] = PRODUCTS[(n + line) % PRODUCTS.length] as [string, string];
      const cells: Record<string, string> = {
        주문번호: order,
        주문일시: '2026-11-25 09:12:30',
        주문자명: name,
        '주문자 휴대전화': `010-${String(3000 + n).slice(-4)}-${String(4000 + n).slice(-4)}`,
        수령인: name,
        '수령인 휴대전화': `010-${String(3000 + n).slice(-4)}-${String(4000 + n).slice(-4)}`,
        '수령인 주소(전체)': '부산광역시 해운대구 센텀중앙로 97',
        '품목별 주문번호': `${order}-0${line}`,
        상품번호: String(Number(id) - 81000 + 10),
        상품코드: `P0000${id.slice(-2)}`,
        주문상품명: product,
        '상품옵션(기본)': '중량=5kg',
        수량: '1',
        판매가: '29900.00',
        결제금액: '32900.00',
        주문상태: '상품준비중',
        주문경로: 'PC쇼핑몰',
        '회원 아이디': `member${n}`,
      };
      rows.push(CAFE24_30.map((header) => cells[header] ?? ''));
    }
  }
  return rows;
}
