import { html } from 'ghtml';
import type { LocalJob, LocalProduct, LocalReview } from '../../contract/local/index.js';
import type { ConsoleT } from '../texts.js';
import { CHANGES, listBody, PREFIX, stateBadge, tableCard, when, type ListPage } from './layout.js';

/** The merchant's products as the service holds them, newest first. */
export function productsBody(t: ConsoleT, page: ListPage<LocalProduct>, before: string | undefined): string {
  return listBody(t, { name: 'products', page, before, empty: t('noProducts'), live: CHANGES }, (rows) =>
    productsTable(t, rows),
  );
}

function productsTable(t: ConsoleT, products: readonly LocalProduct[]): string {
  const rows = products.map(
    (product) =>
      html`<tr>
        <td>${product.id}</td>
        <td class="wraps">${product.name}</td>
        <td class="url">${product.image_url}</td>
        <td>!${stateBadge(t, product.state)}</td>
        <td>${when(product.refreshed_at)}</td>
      </tr>`,
  );
  return tableCard(t, ['idHeader', 'nameHeader', 'imageHeader', 'stateHeader', 'refreshedHeader'], rows);
}

/** The queue of creates, newest first: each one's kind, target, state, and when it was received and applies. */
export function jobsBody(t: ConsoleT, page: ListPage<LocalJob>, before: string | undefined): string {
  return listBody(t, { name: 'jobs', page, before, empty: t('noJobs'), live: CHANGES }, (rows) =>
    jobsTable(t, rows),
  );
}

function jobsTable(t: ConsoleT, jobs: readonly LocalJob[]): string {
  const rows = jobs.map(
    (job) =>
      html`<tr>
        <td>${job.seq}</td>
        <td>${t(`jobKind_${job.kind}`)}</td>
        <td>${job.target_id}</td>
        <td>!${stateBadge(t, job.state)}</td>
        <td>${when(job.received_at)}</td>
        <td>${when(job.due_at)}</td>
        <td class="wraps">${job.reason ?? ''}</td>
      </tr>`,
  );
  return tableCard(
    t,
    ['seqHeader', 'kindHeader', 'idHeader', 'stateHeader', 'receivedHeader', 'dueHeader', 'reasonHeader'],
    rows,
  );
}

/** Reviews simulated, newest first, and the points each earned. */
export function rewardsBody(t: ConsoleT, page: ListPage<LocalReview>, before: string | undefined): string {
  return listBody(t, { name: 'rewards', page, before, empty: t('noReviews'), live: CHANGES }, (rows) =>
    rewardsTable(t, rows),
  );
}

function rewardsTable(t: ConsoleT, reviews: readonly LocalReview[]): string {
  const rows = reviews.map(
    (review) =>
      html`<tr>
        <td><a href="${PREFIX}/orders/${encodeURIComponent(review.order_id)}">${review.order_id}</a></td>
        <td>${review.item_id}</td>
        <td>${t(`review_${review.kind}`)}</td>
        <td>${review.reward ? `${review.reward.rewards} (${review.reward.member_id})` : t('noReward')}</td>
        <td class="wraps">${review.reward?.reason ?? ''}</td>
        <td>${when(review.created_at)}</td>
      </tr>`,
  );
  return tableCard(
    t,
    ['idHeader', 'itemsHeader', 'kindHeader', 'pointsHeader', 'reasonHeader', 'createdHeader'],
    rows,
  );
}
