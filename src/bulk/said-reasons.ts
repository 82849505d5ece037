import type { Lang } from './said-words.js';
import { manyIn } from './said-values.js';
import { koreanUnit } from './unit-words.js';

/** An order of more rows than the service's items allow; `column` asks whether its id was read right. */
export const tooManyRowsKo = (count: string | number | undefined, max: string, column: boolean) =>
  `행이 ${manyIn(count)}입니다. 주문 하나에 ${max}개까지입니다${column ? ' (주문번호를 맞는 열에서 읽었는지 확인하세요)' : ''}`;

/** One id on several rows of other data (products). */
export const idInRowsKo = (count: string | number | undefined) =>
  `같은 번호가 ${manyIn(count)} 행에 있고 내용이 서로 다릅니다. 하나만 남기세요`;

/** A record over the service's 1 MiB. */
export const tooLargeKo = (size: string) => `JSON으로 ${size}입니다. 서비스는 요청 하나에 1 MiB까지 받습니다`;

/**
 * Why a record was not sent though its own rows are fine (another row of it, or another record, is at
 * fault), in Korean: the check's words for a whole record (see `CheckPass`), each part of them.
 */
function invalidPartIn(part: string, problemsOfRow: (row: number) => string | undefined): string {
  let m = /^item id (.+) is also used by order (.+) \((row|line|record) (\d+)\)$/.exec(part);
  if (m) return `품목 ${m[1]}은(는) 주문 ${m[2]}(${m[4]}${koreanUnit(m[3] ?? '')})에도 있습니다`;
  m = /^(row|line|record)s of order (.+) disagree$/.exec(part);
  if (m) return `주문 ${m[2]}의 ${koreanUnit(m[1] ?? '')}들이 서로 다릅니다`;
  m = /^another (row|line|record) of this record is invalid: (.*)$/.exec(part);
  if (m)
    return `이 주문의 다른 ${koreanUnit(m[1] ?? '')}에 문제가 있습니다: ${invalidPartIn(m[2] ?? '', problemsOfRow)}`;
  m = /^(row|line|record) (\d+): (.*)$/.exec(part);
  if (m) return `${m[2]}${koreanUnit(m[1] ?? '')}: ${problemsOfRow(Number(m[2])) ?? m[3]}`;
  m =
    /^has (.+) (?:row|line|record)s; at most ([\d,]+) are allowed( \(is its id read from the right column\?\))?$/.exec(
      part,
    );
  if (m) return tooManyRowsKo(m[1], m[2] ?? '', m[3] !== undefined);
  m = /^the same id is in (.+) (?:row|line|record)s, each with other data: keep one$/.exec(part);
  if (m) return idInRowsKo(m[1]);
  m = /^is (.+) as JSON; the service takes at most 1 MiB per request$/.exec(part);
  if (m) return tooLargeKo(m[1] ?? '');
  return part;
}

/**
 * An invalid record's reason when its own rows have no problems, in `lang`: `problemsOfRow` words the
 * problems of a row it names.
 */
export function invalidReasonIn(
  lang: Lang,
  message: string,
  problemsOfRow: (row: number) => string | undefined,
): string {
  if (lang !== 'ko') return message;
  // Reasons are joined with "; "; two of the check's own sentences hold one.
  return message
    .split(/; (?!at most \d|the service takes)/)
    .map((part) => invalidPartIn(part, problemsOfRow))
    .join('; ');
}
