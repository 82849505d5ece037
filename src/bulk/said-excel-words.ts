import { str, type Values } from './said-values.js';

const AS_TEXT = '엑셀에서 이 열의 서식을 텍스트로 지정하고 다시 내보내세요';

/** Korean for what the check says of a value Excel damaged or could not work out (see `excel-text.ts`). */
export const EXCEL_KOREAN: Readonly<Record<string, (values: Values) => string>> = {
  excel_damage: (v) => {
    if (v.damage === 'lost_zero')
      return `맨 앞의 0이 빠진 휴대폰 번호로 보입니다 (${str(v.meant)}?). ${v.source === 'typed' ? '0을 붙여 적으세요' : AS_TEXT}`;
    if (v.damage === 'date')
      return `엑셀이 날짜로 바꾼 번호로 보입니다 (${str(v.shown)}). 처음 적은 번호는 남아 있지 않습니다: 엑셀에서 이 열의 서식을 텍스트로 지정하고 번호를 다시 적어 내보내세요`;
    return `엑셀이 지수 표기로 바꾼 숫자로 보입니다 (${str(v.shown)}). ${v.source === 'typed' ? '모든 자리를 숫자로 적으세요' : AS_TEXT}`;
  },
  excel_error: (v) =>
    `엑셀 수식의 오류 값(${str(v.shown)})이지 값이 아닙니다 (찾는 값이 없는 VLOOKUP처럼 계산되지 않은 수식). ` +
    (v.source === 'typed' ? '값을 적으세요' : '엑셀에서 수식을 고치거나 값을 적고 다시 내보내세요'),
};
