import { html } from 'ghtml';
import type { FakeState } from '../../contract/marketplace-fakes.js';
import { dataTable } from '../../web/table.js';
import type { ConsoleT } from '../texts.js';
import { RECORDS } from './layout.js';

/** The console's page of the marketplace fakes: per marketplace, its lines and what was pushed to them. */
export function marketplacesBody(t: ConsoleT, fakes: readonly FakeState[]): string {
  const cards = fakes.map((fake) => {
    const name = fake.marketplace;
    const rows = fake.lines.map(
      (line) =>
        html`<tr>
          <td>${line.order_id}</td>
          <td>${line.line_id}</td>
          <td>${line.status}</td>
          <td>${line.claim ?? ''}</td>
          <td>${line.carrier_code ?? ''}</td>
          <td>${line.tracking_number ?? ''}</td>
          <td>${String(line.written)}</td>
        </tr>`,
    );
    return html`<section class="card" aria-labelledby="fake-${name}">
      <h2 id="fake-${name}">${t(`market_${name}`)}</h2>
      <p>
        ${t('fakeSummary', {
          lines: String(fake.lines.length),
          writes: String(fake.writes.length),
          requests: String(fake.requests),
        })}
      </p>
      !${
        rows.length === 0
          ? html`<p>${t('fakeEmpty', { name })}</p>`
          : dataTable(
              [
                t('idHeader'),
                t('lineHeader'),
                t('stateHeader'),
                t('claimHeader'),
                t('carrierHeader'),
                t('trackingHeader'),
                t('writtenHeader'),
              ],
              rows,
              { className: RECORDS },
            )
      }
    </section>`;
  });
  return html`<section class="card"><p>${t('marketplacesIntro')}</p></section>
    !${cards.join('')}`;
}
