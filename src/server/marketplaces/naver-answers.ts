import type { FastifyReply, FastifyRequest } from 'fastify';
import { kstIso } from '../../marketplaces/connector.js';
import type { FakeDoc } from './model.js';

/** Naver's gateway refusals, in its words. */
const GW_MESSAGES: Record<string, string> = {
  'GW.AUTHN': '요청을 보낼 권한이 없습니다.',
  'GW.IP_NOT_ALLOWED': '호출이 허용되지 않은 IP입니다.',
  'GW.RATE_LIMIT': '요청이 많아 서비스를 일시적으로 사용할 수 없습니다.',
  'GW.NOT_FOUND': '요청한 API를 찾을 수 없습니다.',
  'GW.BLOCK.02': '서비스 점검 중입니다.',
  'GW.TIMEOUT.01': '요청 처리 시간이 초과되었습니다.',
};

export type Answer = { status: number; body: unknown; headers?: Record<string, string> };

export const gw = (status: number, code: string, trace: string): Answer => ({
  status,
  body: { code, message: GW_MESSAGES[code] ?? code, timestamp: kstIso(Date.now()), traceId: trace },
});
export const business = (status: number, code: string, message: string, trace: string): Answer => ({
  status,
  body: { code, message, timestamp: kstIso(Date.now()), traceId: trace },
});
export const badInput = (name: string, message: string, trace: string): Answer => ({
  status: 400,
  body: {
    code: 'BAD_REQUEST',
    message,
    timestamp: kstIso(Date.now()),
    traceId: trace,
    invalidInputs: [{ name, type: 'invalid', message }],
  },
});

export function send(
  reply: FastifyReply,
  trace: string,
  answer: Answer,
  rate?: Record<string, string>,
): FastifyReply {
  return reply
    .code(answer.status)
    .headers({
      'gncp-gw-trace-id': trace,
      'gncp-gw-httpclient-responsetime': '12',
      ...(rate ?? {}),
      ...(answer.headers ?? {}),
    })
    .type('application/json;charset=UTF-8')
    .send(JSON.stringify(answer.body));
}

/**
 * What one endpoint behind Naver's gateway answers, once the gateway let the request through: given the
 * merchant's data, real time (the caller's clock: the lines' times are on it, see `FakeBook`), the request
 * and its trace id.
 */
export type GatewayHandler = (doc: FakeDoc, now: number, request: FastifyRequest, trace: string) => Answer;
