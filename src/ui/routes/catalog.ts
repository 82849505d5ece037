import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { problemFromIssue, problemsIn, readCatalogFile, type CatalogFile } from '../../bulk/index.js';
import { ProductPatchBody } from '../../contract/index.js';
import { checkInput } from '../../input/record-rules.js';
import { csvRow } from '../../util/csv.js';
import { receiveForm, receiveRefusal } from '../receive.js';
import { isDiskFull } from '../../util/file-errors.js';
import { seeOther, sendPage, textsOf } from '../render.js';
import { checkSession, sessionError } from '../runner.js';
import { errorWords } from '../views/errors.js';
import type { UiState } from '../state.js';
import type { T } from '../texts/index.js';
import { catalogBody, type CatalogPage } from '../views/catalog.js';
import { firstOf, type Form } from '../../web/forms.js';
import { openChangeOf, type IdParams } from './shared.js';
import { sessionPage } from './session-page.js';
import type { CatalogInput } from '../../catalog/product-catalog.js';
import { rm, mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';

const PAGE_SIZE = 100;

/**
 * The name a file gives a product whose image the products card asks for (`file-name:N`), kept with
 * the image typed so that the product list names it before the file is sent; not one the service
 * would refuse, which the person could not change there.
 */
function fileName(form: Form, index: string, image: string | undefined): string | undefined {
  const name = firstOf(form[`file-name:${index}`])?.trim() || undefined;
  if (image === undefined || name === undefined) return undefined;
  return checkInput('product_patch', ProductPatchBody, { name }).ok ? name : undefined;
}

/**
 * The products a form gives (`product:N`, `name:N`, `image:N`, `file-name:N`), each checked as the
 * service checks a product's name and image address; those that are not valid are said (in the page's
 * language), not kept.
 */
function productsOf(t: T, form: Form): { products: CatalogInput[]; problems: string[] } {
  const products: CatalogInput[] = [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(form)) {
    const index = /^product:(\d+)$/.exec(key)?.[1];
    const id = firstOf(value)?.trim();
    if (index === undefined || !id) continue;
    const image = firstOf(form[`image:${index}`])?.trim() || undefined;
    const name = firstOf(form[`name:${index}`])?.trim() || undefined;
    if (name === undefined && image === undefined) continue;
    const checked = checkInput('product_patch', ProductPatchBody, {
      name: name ?? fileName(form, index, image),
      image_url: image,
    });
    if (!checked.ok) {
      const found = checked.issues.map((issue) => {
        const field = String(issue.loc[0] ?? '');
        return problemFromIssue(
          issue,
          t(field === 'name' ? 'productNameField' : 'productImageField'),
          issue.input,
        );
      });
      problems.push(`${id}: ${problemsIn(t.lang, found)}`);
      continue;
    }
    products.push({
      id,
      name: checked.value.name ?? undefined,
      image_url: checked.value.image_url ?? undefined,
    });
  }
  return { products, problems };
}

async function catalogPage(request: FastifyRequest, state: UiState, extra: Partial<CatalogPage> = {}) {
  const query = request.query as Record<string, string | undefined>;
  const search = (query.q ?? '').trim().slice(0, 100);
  const missingOnly = query.missing === '1';
  const page = Math.max(1, Math.min(100_000, Number(query.page) || 1));
  const entries = state.catalog.list({
    ...(search ? { search } : {}),
    missingImage: missingOnly,
    limit: PAGE_SIZE + 1,
    offset: (page - 1) * PAGE_SIZE,
  });
  return {
    entries: entries.slice(0, PAGE_SIZE),
    total: state.catalog.count(),
    search,
    missingOnly,
    page,
    more: entries.length > PAGE_SIZE,
    ...extra,
  };
}

const saidProblems = (t: T, problems: readonly string[]) =>
  t('productsBad', { problems: problems.join(' / ') });

/** The catalog page, with what the last change said. */
async function sendCatalog(
  request: FastifyRequest,
  reply: FastifyReply,
  state: UiState,
  said: { notice?: string; problem?: string; skipped?: string[] },
) {
  const t = textsOf(request);
  return sendPage(request, reply, state, {
    title: t('catalogTitle'),
    current: 'catalog',
    body: catalogBody(t, await catalogPage(request, state, said)),
  });
}

/** The rows of a catalog file that were not products, said in the page's language (the first five). */
function skippedRows(t: T, read: CatalogFile): string[] {
  const lines = read.skipped
    .slice(0, 5)
    .map(({ row, problems }) => t('catalogSkippedRow', { row, reason: problemsIn(t.lang, problems) }));
  if (read.skipped.length > 5) lines.push(t('catalogSkippedMore', { count: read.skipped.length - 5 }));
  return lines;
}

/** Why a catalog file could not be read at all, in the page's language, naming it as the person does. */
function catalogProblem(t: T, error: unknown): string {
  const words = sessionError(error);
  const said = words.said;
  const values = said?.values ?? {};
  const file = String(values.file ?? '');
  switch (said?.code) {
    case 'empty_file':
      return t('catalogFileEmpty', { file });
    case 'columns_missing':
      return t('catalogColumnsMissing', {
        file,
        missing: String(values.missing ?? '')
          .split(' or ')
          .join(t('catalogColumnsOr')),
      });
    case 'other_format':
    case 'no_header':
      return t('catalogNotAList', { file });
    default:
      return errorWords(t, words).message;
  }
}

/** A catalog file posted (CSV or a workbook of id, name, image): read into the catalog. */
async function importCatalog(
  request: FastifyRequest,
  state: UiState,
): Promise<{ notice?: string; problem?: string; skipped?: string[] }> {
  const t = textsOf(request);
  let dir: string | undefined;
  try {
    dir = await mkdtemp(join(state.sessions.root, 'catalog-'));
    const form = await receiveForm(request, dir, state.maxBytes, ['catalog']);
    const file = form.files.find((received) => received.field === 'catalog');
    if (!file) return {};
    const read = await readCatalogFile(
      file.path,
      async () => {
        throw new Error('password');
      },
      file.name,
    );
    const products = [...read.products].map(([id, product]) => ({ id, ...product }));
    const changed = state.catalog.set(products, 'file');
    return {
      notice: t('catalogImported', { read: read.products.size, changed }),
      ...(read.skipped.length > 0
        ? {
            problem: t('catalogSkipped', { count: read.skipped.length, file: read.label }),
            skipped: skippedRows(t, read),
          }
        : {}),
    };
  } catch (error) {
    const refused = receiveRefusal(error);
    if (refused) return { problem: errorWords(t, refused).message };
    if (isDiskFull(error)) return { problem: t('diskFull') };
    return { problem: catalogProblem(t, error) };
  } finally {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }
}

/** The product list: its page, changes to it, a file added to it, and it as CSV; and a file's missing products. */
export async function catalogRoutes(app: FastifyInstance, { state }: { state: UiState }): Promise<void> {
  app.get('/catalog', async (request, reply) => sendCatalog(request, reply, state, {}));

  app.post<{ Body: Form }>('/catalog', async (request, reply) => {
    const t = textsOf(request);
    const { products, problems } = productsOf(t, request.body ?? {});
    const changed = state.catalog.set(products, 'page');
    return sendCatalog(request, reply, state, {
      notice: t('productsSaved', { count: changed }),
      ...(problems.length > 0 ? { problem: saidProblems(t, problems) } : {}),
    });
  });

  app.post('/catalog/import', async (request, reply) => {
    const said = await importCatalog(request, state);
    return sendCatalog(request, reply, state, said);
  });

  app.get('/catalog.csv', async (_request, reply) => {
    const lines = state.catalog
      .list()
      .map((entry) => csvRow([entry.id, entry.name ?? '', entry.image_url ?? ''], ',', true));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="products.csv"')
      .type('text/csv; charset=utf-8')
      .send(`\uFEFF${csvRow(['id', 'name', 'image_url'])}\r\n${lines.join('\r\n')}\r\n`);
  });

  // The products a file's check found without a name or image: remembered, then the file checked again.
  app.post<IdParams & { Body: Form }>('/uploads/:id/products', async (request, reply) =>
    openChangeOf(state, request, reply, async (session) => {
      const t = textsOf(request);
      const { products, problems } = productsOf(t, request.body ?? {});
      const changed = state.catalog.set(products, 'page');
      if (changed > 0) session.notice = t('productsSaved', { count: changed });
      await checkSession(session, state.services);
      if (problems.length > 0) {
        return sessionPage(request, reply, state, session, { productsProblem: saidProblems(t, problems) });
      }
      return seeOther(reply, state, `uploads/${session.id}#check-title`);
    }),
  );
}
