import type { FastifyReply, FastifyRequest } from 'fastify';
import { seeOther } from '../render.js';
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

/**
 * `changeOf` for a change an upload takes only while it is open: not while it sends, nor once its file
 * is removed (the upload's page then, unchanged).
 */
export function openChangeOf<R>(
  state: UiState,
  request: FastifyRequest<IdParams>,
  reply: FastifyReply,
  change: (session: UploadSession) => Promise<R>,
): Promise<R | FastifyReply> {
  return changeOf(state, request, reply, async (session) =>
    session.open ? change(session) : seeOther(reply, state, `uploads/${session.id}`),
  );
}

/**
 * Runs a change to the session a route is about in its turn (after the changes posted before it; see
 * `UploadSession.inTurn`), or answers the not-found page.
 */
export async function changeOf<R>(
  state: UiState,
  request: FastifyRequest<IdParams>,
  reply: FastifyReply,
  change: (session: UploadSession) => Promise<R>,
): Promise<R | FastifyReply> {
  const session = sessionOf(state, request, reply);
  if (!session) return reply;
  return session.inTurn(async () => {
    // Removed while this waited its turn (the page open in another tab): nothing is left to change.
    if (state.sessions.get(session.id) !== session) return seeOther(reply, state, 'history');
    return change(session);
  });
}

/**
 * A session's page once its file was read and checked again: the keyboard goes on at the check, unless
 * there is something to read above it first (the file could not be read, or a notice).
 */
export function checkedPage(session: UploadSession): string {
  const above = session.error !== undefined || session.notice !== undefined;
  return `uploads/${session.id}${above ? '' : '#check-title'}`;
}
