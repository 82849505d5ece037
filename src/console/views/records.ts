import { html } from 'ghtml';
import type { LocalJob, LocalProduct, LocalReview } from '../../contract/local/index.js';
import type { ConsoleT } from '../texts.js';
import { emptyCard, PREFIX, stateBadge, tableCard, when } from './layout.js';

/** The merchant's products as the service holds them. */
export function productsBody(t: ConsoleT, products: readonly LocalProduct[]): string {
  if (products.length === 0) return emptyCard(t('noProducts'));
  const rows = products.map(
    (product) =>
      html`<tr>
        <td>${product.id}</td>
        <td>${product.name}</td>
        <td class="url">${product.image_url}</td>
        <td>!${stateBadge(t, product.state)}</td>
        <td>${when(product.refreshed_at)}</td>
      </tr>`,
  );
  return tableCard(t, ['idHeader', 'nameHeader', 'imageHeader', 'stateHeader', 'refreshedHeader'], rows);
}

/** The queue of creates: each one's kind, target, state, and when it was received and applies. */
export function jobsBody(t: ConsoleT, jobs: readonly LocalJob[]): string {
  if (jobs.length === 0) return emptyCard(t('noJobs'));
  const rows = jobs.map(
    (job) =>
      html`<tr>
        <td>${job.seq}</td>
        <td>${t(`jobKind_${job.kind}`)}</td>
        <td>${job.target_id}</td>
        <td>!${stateBadge(t, job.state)}</td>
        <td>${when(job.received_at)}</td>
        <td>${when(job.due_at)}</td>
        <td>${job.reason ?? ''}</td>
      </tr>`,
  );
  return tableCard(
    t,
    ['idHeader', 'kindHeader', 'idHeader', 'stateHeader', 'receivedHeader', 'dueHeader', 'reasonHeader'],
    rows,
  );
}

/** Reviews simulated, and the points each earned. */
export function rewardsBody(t: ConsoleT, reviews: readonly LocalReview[]): string {
  if (reviews.length === 0) return emptyCard(t('noReviews'));
  const rows = reviews.map(
    (review) =>
      html`<tr>
        <td><a href="${PREFIX}/orders/${encodeURIComponent(review.order_id)}">${review.order_id}</a></td>
        <td>${review.item_id}</td>
        <td>${t(`review_${review.kind}`)}</td>
        <td>${review.reward ? `${review.reward.rewards} (${review.reward.member_id})` : t('noReward')}</td>
        <td>${review.reward?.reason ?? ''}</td>
        <td>${when(review.created_at)}</td>
      </tr>`,
  );
  return tableCard(
    t,
    ['idHeader', 'itemsHeader', 'kindHeader', 'pointsHeader', 'reasonHeader', 'createdHeader'],
    rows,
  );
}
