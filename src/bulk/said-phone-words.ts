import { num, str, type Values } from './said-values.js';

/** Korean for what the check says of a recipient's phone number, by its code (see `checkPhone`). */
export const PHONE_KOREAN: Readonly<Record<string, (values: Values) => string>> = {
  phone_no_digits: () => '숫자가 없습니다. 봇은 이 번호로만 구매자에게 연락합니다',
  phone_characters: (v) =>
    `전화번호가 아닙니다. 숫자, 띄어쓰기, 하이픈(-)과 맨 앞의 +만 쓸 수 있습니다${v.number === undefined ? '' : ` (번호만: ${str(v.number)}?)`}`,
  phone_length: (v) =>
    `전화번호가 될 수 없습니다. ${str(v.prefix)}(으)로 시작하는 번호는 ${str(v.expected).replace(' or ', ' 또는 ')}자리인데 이 번호는 ${num(v.digits)}자리입니다`,
  phone_length_abroad: (v) => `전화번호가 될 수 없습니다 (${num(v.digits)}자리)`,
  phone_prefix: (v) =>
    `한국 전화번호가 될 수 없습니다. ${str(v.prefix)}(으)로 시작하는 번호는 없습니다` +
    (v.plus === undefined ? '' : ` (국가 번호 82로 적은 번호라면 +가 있어야 합니다: ${str(v.plus)}?)`),
  phone_safe: () => '안심번호(050)입니다. 봇이 이 번호로 구매자에게 연락하지 못할 수 있습니다',
  phone_internet: () => '인터넷 전화(070)입니다. 봇이 이 번호로 구매자에게 연락하지 못할 수 있습니다',
  phone_landline: () => '일반 전화(유선) 번호입니다. 봇이 이 번호로 구매자에게 연락하지 못할 수 있습니다',
  phone_business: () => '대표번호입니다. 봇이 이 번호로 구매자에게 연락하지 못할 수 있습니다',
  phone_abroad: () => '해외 번호입니다. 봇이 이 번호로 구매자에게 연락하지 못할 수 있습니다',
  phone_numbers: (v) =>
    `번호가 ${num(v.count)}개 적혀 있습니다. 봇은 ${str(v.sent)}(으)로 연락합니다 (이 번호를 보냅니다)`,
  phone_masked: () =>
    '번호 일부가 *로 가려져 있습니다. 봇은 가려진 번호로 연락할 수 없습니다. 번호가 모두 보이는 파일을 다시 내려받으세요',
};
