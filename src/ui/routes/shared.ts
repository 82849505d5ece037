import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UiState } from '../state.js';
import type { UploadSession } from '../session.js';

export type IdParams = { Params: { id: string } };

/** The session a route is about, or the not-found page. */
export function sessionOf(
  state: UiState,
  request: FastifyRequest<IdParams>,
  reply: FastifyReply,
): UploadSession | undefined {
  const session = state.sessions.get(request.params.id);
  if (!session) void reply.callNotFound();
  return session;
}
