import type { EXIT } from '../../cli/errors.js';
import { exitCodes, jsonRecords, type Topic } from './topics.js';

/** What each exit code means, in Korean (the same table as EXIT_MEANINGS). */
const EXIT_MEANINGS_KO: Readonly<Record<(typeof EXIT)[keyof typeof EXIT], string>> = {
  0: '성공',
  1: '실패: 서비스 오류(5xx), 재시도 뒤에도 실패한 레코드, 맞는 것 없이 끝난 --wait, 또는 예상하지 못한 일',
  2: '잘못된 사용, 읽을 수 없거나 올바르지 않은 입력, 또는 보내는 동안 바뀐 입력 (잘못된 것은 보내지 않았습니다)',
  3: '인증 실패 (401, 또는 인증 정보가 올바르지 않음)',
  4: '끝났지만 서비스가 일부 레코드를 거부했거나, 일부가 올바르지 않거나, 일부가 먼저 다른 내용으로 접수됨 (changed)',
  5: '서비스에 연결할 수 없음',
  6: '마켓이 호출한 쪽을 거부함 (허용되지 않은 IP, 차단, 점검): 더 묻지 않았습니다',
  130: '중단됨 (Ctrl-C, SIGTERM, 또는 업로드 중에 터미널이 닫힘)',
};

/** Help topics at a Korean terminal: `intake help environment`, `exit-codes`, `formats`. */
export const TOPICS_KO: Readonly<Record<Topic, string>> = {
  environment: `환경 변수

  INTAKE_BASE_URL            서비스 주소 (기본값 http://127.0.0.1:8080)
  INTAKE_ACCESS_KEY_ID       인증 정보. --profile로 프로필을 정하지 않으면 씁니다
  INTAKE_SECRET_ACCESS_KEY
  INTAKE_PROFILE             쓸 프로필 (기본값: "intake config use"로 정한 것, 없으면 "default")
  INTAKE_CONFIG_DIR          프로필을 두는 곳 (Linux 기본값 ~/.config/intake)
  INTAKE_DATA_DIR            업로드 원장과 intake serve의 데이터를 두는 곳
                             (Linux 기본값 ~/.local/share/intake)
  INTAKE_SECRET_STORAGE      "file"이면 키체인이 응답해도 비밀 키를 설정 파일에 둡니다
  INTAKE_KEYCHAIN_SERVICE    키체인에 비밀 키를 두는 서비스 이름 (기본값 intake-cli)
  LC_ALL, LC_MESSAGES, LANG  한국어 로캘(ko_KR.UTF-8)이면 도움말, 업로드의 문제, 가져오기와
                             보내기의 결과를 한국어로 말합니다
  NO_COLOR, FORCE_COLOR      색: 쓰지 않음, 또는 늘 씀 (그 밖에는 터미널에서만)

마켓 (intake marketplace, pull, push). 프로필의 설정보다 우선합니다
  INTAKE_NAVER_BASE_URL, INTAKE_COUPANG_BASE_URL, INTAKE_CAFE24_BASE_URL
                             API 주소 (기본값은 실제 주소. intake serve의 가짜 API는
                             http://127.0.0.1:8080/naver, /coupang, /cafe24/쇼핑몰ID)
  INTAKE_NAVER_CLIENT_ID, INTAKE_NAVER_CLIENT_SECRET
  INTAKE_COUPANG_VENDOR_ID, INTAKE_COUPANG_ACCESS_KEY, INTAKE_COUPANG_SECRET_KEY
  INTAKE_CAFE24_MALL_ID, INTAKE_CAFE24_CLIENT_ID, INTAKE_CAFE24_CLIENT_SECRET, INTAKE_CAFE24_REFRESH_TOKEN
                             CI에서 intake marketplace login 대신 쓰는 인증 정보

로컬 서비스 (intake serve, intake local)
  INTAKE_SERVE_SECRET_ACCESS_KEY
                             intake serve의 첫 판매자 비밀 키 (프로세스 목록에 보이지 않게)
  INTAKE_SERVE_DATABASE_URL  PostgreSQL에서 여는 intake serve: postgres://user@host:port/database
                             (비밀번호는 PGPASSWORD나 ~/.pgpass에)
  INTAKE_SERVE_DATABASE_DIRECT_URL
                             트랜잭션 풀러(pgbouncer) 뒤에서: 프로세스 사이의 알림과 마이그레이션에
                             쓰는 직접 연결
  INTAKE_WEBHOOK_SECRET      intake local events --forward-to가 서명에 쓰는 비밀 키

설정마다 이 순서로 정해집니다: 플래그, 환경 변수, 고른 프로필, 기본값.
--profile을 직접 주면 환경 변수의 인증 정보보다 우선합니다.
`,
  'exit-codes': exitCodes('종료 코드', EXIT_MEANINGS_KO),
  formats: `형식

입력 (order, product, shipment create)
  CSV       머리글 행, 그다음 주문 품목(주문), 상품, 송장마다 한 행. 구분자와 인코딩(UTF-8,
            CP949)은 알아서 찾습니다. 다른 머리글은 --columns나 --preset으로 맞춥니다
  .xlsx     첫 시트 또는 --sheet. 머리글 행은 제목 행들 아래에서도 찾습니다. 암호가 걸린 통합 문서의
            암호는 --password-stdin이나 물음으로 받습니다. --products로 상품 목록을 더합니다
  JSON      객체 하나(레코드 하나), 또는 레코드의 배열
  NDJSON    한 줄에 레코드 하나 (.ndjson, .jsonl)
  -         표준 입력. 위의 어느 형식이든 (--format이나 내용으로 알아봄)

JSON 레코드 (서비스가 받는 요청 본문; 각 필드는 로컬 서비스의 /docs에)
${jsonRecords({ buyer: '김민지', product: '머그컵', option: '빨강' })}

출력 (-o, --output)
  table     사람이 읽는 표. stdout이 터미널이 아니면 머리글 없이 탭으로 나눈 행
  json      서비스의 JSON (보기 좋게), 업로드는 레코드마다 JSON 한 줄, 그다음 요약 한 줄
  csv       머리글 행, 그다음 레코드마다 한 행
  --query 식은 JSON에 JMESPath 식을 적용해 그 결과를 고른 형식으로 보여 줍니다. 업로드에서는
  줄마다 적용하고, null이 된 줄은 쓰지 않습니다.

업로드의 줄 (--json; 키와 값은 영어 그대로)
  {"type":"record","rows":[2,3],"id":"ORD-1","outcome":"accepted","status":202,"message":"..."}
  {"type":"summary","records":7,"accepted":6,"rejected":1,...}
  outcome: accepted, already_registered, changed, updated, invalid, rejected, failed, duplicate, valid,
           not_sent, skipped (송장번호가 아직 없는 송장 행)
`,
};
