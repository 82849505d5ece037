import type { Words } from '../util/said-in.js';

// What `intake api` and `intake serve` say when a request or a start cannot be made of their flags, at
// a Korean terminal, in Korean (see error-words.ts, which says every line of an error through these and
// its own).

const POSTGRES_URL = 'postgres://user@host:5432/database';

export const DEVELOPER_WORDS: readonly Words[] = [
  [/^"(.*)" is not an HTTP method: (.+)$/, (m) => `"${m[1]}"은(는) HTTP 메서드가 아닙니다: ${m[2]}`],
  [
    /^the path must start with \/, as in \/api\/v1\/health\/ \(not "(.*)"\)$/,
    (m) => `경로는 /api/v1/health/처럼 /로 시작해야 합니다. "${m[1]}"은(는) /로 시작하지 않습니다`,
  ],
  [/^-H "(.*)" is not "Name: value"$/, (m) => `-H "${m[1]}"은(는) "이름: 값" 모양이 아닙니다`],
  [/^--paginate is for GET requests$/, () => '--paginate는 GET 요청에만 씁니다'],
  [/^(-[fF]) "(.*)" is not key=value$/, (m) => `${m[1]} "${m[2]}"은(는) 키=값 모양이 아닙니다`],
  [
    /^"(.*)" is not a field name \(name, name\[key\] or name\[\]\)$/,
    (m) => `"${m[1]}"은(는) 필드 이름이 아닙니다 (name, name[key], name[] 모양)`,
  ],
  [/^"(.*)": \[\] needs an array$/, (m) => `"${m[1]}": []는 배열에만 씁니다`],
  [
    /^the service redirects to another address \((.+)\); intake does not send credentials there$/,
    (m) => `서비스가 다른 주소로 보냅니다 (${m[1]}). intake는 그곳에 인증 정보를 보내지 않습니다`,
  ],
  [/^more than (\d+) redirects from (.+)$/, (m) => `${m[2]}에서 리디렉션이 ${m[1]}번을 넘었습니다`],
  [
    /^--workers needs --database-url: a SQLite data folder has one writer, one process$/,
    () => '--workers에는 --database-url이 필요합니다. SQLite 데이터 폴더는 한 프로세스만 씁니다',
  ],
  [
    /^Run several processes on PostgreSQL \(--database-url or INTAKE_SERVE_DATABASE_URL\)\.$/,
    () => '여러 프로세스는 PostgreSQL에서 실행하세요 (--database-url 또는 INTAKE_SERVE_DATABASE_URL).',
  ],
  [/^give --data or (\S+), not both$/, (m) => `--data와 ${m[1]} 중 하나만 주세요`],
  [
    /^--database-direct-url must be a URL like postgres:\/\/user@host:5432\/database$/,
    () => `--database-direct-url에는 ${POSTGRES_URL} 같은 URL을 주세요`,
  ],
  [
    /^give the secret once: --secret-access-key or --secret-file$/,
    () => '비밀 키는 한 번만 주세요: --secret-access-key 또는 --secret-file',
  ],
  [/^the secret from (\S+) is empty$/, (m) => `${m[1]}의 비밀 키가 비어 있습니다`],
  [
    /^--statement-timeout "(.*)" is not a duration of 100ms or more \(10s\)$/,
    (m) => `--statement-timeout "${m[1]}"은(는) 100ms 이상의 시간이 아닙니다 (예: 10s)`,
  ],
  [
    /^--merchants (.+) lists the (.+) "(.*)" twice$/,
    (m) => `--merchants ${m[1]}에 ${m[2]} "${m[3]}"이(가) 두 번 있습니다`,
  ],
  [/^the first merchant cannot be made so:$/, () => '첫 판매자를 이대로 만들 수 없습니다:'],
  [
    /^--(carriers|seed|merchants) (.+) is not a (list of carriers|seed file|list of merchants):$/,
    (m) => {
      const what: Record<string, string> = {
        'list of carriers': '택배사 목록',
        'seed file': '시드 파일',
        'list of merchants': '판매자 목록',
      };
      return `--${m[1]} ${m[2]}은(는) ${what[m[3] ?? '']}이 아닙니다:`;
    },
  ],
];
