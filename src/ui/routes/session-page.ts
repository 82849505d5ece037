import type { FastifyReply, FastifyRequest } from 'fastify';
import { presets } from '../../bulk/index.js';
import { mappingFor, type MappingView } from '../mapping.js';
import { sendPage, textsOf } from '../render.js';
import { checkSession, inspectSession } from '../runner.js';
import type { UploadSession } from '../session.js';
import type { UiState } from '../state.js';
import { wantsMapping } from '../views/errors.js';
import { sessionBody } from '../views/session.js';

/** Reads a session's file afresh (its tabs, its kind), then checks it. */
export async function readAndCheck(session: UploadSession, state: UiState): Promise<void> {
  await inspectSession(session, state.services);
  if (!session.error) await checkSession(session, state.services);
  else await state.services.save(session);
}

/**
 * The page of a session, with the mapping step when it needs one (or `mapping` asks for it: Intake's
 * guesses, or the mapping given, as the person left it).
 */
export async function sessionPage(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  session: UploadSession,
  extra: { mapping?: boolean | MappingView; mappingProblem?: string; productsProblem?: string } = {},
) {
  const t = textsOf(request);
  const query = request.query as Record<string, string | undefined>;
  const mapping =
    typeof extra.mapping === 'object'
      ? extra.mapping
      : (extra.mapping || wantsMapping(session.error)) && !session.fileRemoved
        ? await mappingFor(session, state.services).catch(() => undefined)
        : undefined;
  const body = sessionBody(t, session, {
    filter: query.outcome || undefined,
    allColumns: query.columns === 'all',
    layouts: [...(await state.layouts.list()), ...presets()],
    mapping,
    ...(extra.mappingProblem ? { mappingProblem: extra.mappingProblem } : {}),
    ...(extra.productsProblem ? { productsProblem: extra.productsProblem } : {}),
    keptUntil: state.sessions.expiresAt(session),
  });
  session.notice = undefined;
  session.noticeWarns = false;
  session.freshCheck = false;
  // Orders pulled from a marketplace are the marketplaces page's: its tab stays the current one.
  const current = session.options.pulled ? 'marketplaces' : 'upload';
  return sendPage(request, reply, state, { title: session.label, current, body });
}
