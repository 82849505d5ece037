import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import type { CatalogEntry } from '../../catalog/product-catalog.js';
import type { T } from '../texts/index.js';
import { filePicker } from './file-picker.js';
import { noticeBox } from './notice.js';

/** What the product list page shows: a page of entries, the search, and what was just done. */
export interface CatalogPage {
  entries: readonly CatalogEntry[];
  total: number;
  search: string;
  missingOnly: boolean;
  page: number;
  more: boolean;
  notice?: string;
  problem?: string;
  /** The rows of a file just added that were not products, each with why. */
  skipped?: readonly string[];
}

const query = (page: CatalogPage, to: number) =>
  `catalog?q=${encodeURIComponent(page.search)}${page.missingOnly ? '&missing=1' : ''}&page=${to}`;

/** What the last change said: done, and what was not (with the rows of a file left out). */
function saidBoxes(page: CatalogPage): string {
  const skipped = page.skipped ?? [];
  return html`!${page.notice ? noticeBox(page.notice) : ''}!${
    page.problem
      ? html`<div class="error-box" role="alert">
          ${page.problem}!${
            skipped.length > 0
              ? html`<ul>
                  !${skipped.map((line) => html`<li>${line}</li>`)}
                </ul>`
              : ''
          }
        </div>`
      : ''
  }`;
}

/**
 * The profile's product list: each product with its name and image address to change (a preview of the
 * image on demand), a search, only those without an image, a file to add, and the list to download.
 */
export function catalogBody(t: T, page: CatalogPage): string {
  const rows = page.entries.map((entry, index) => {
    const imageId = `catalog-image-${index}`;
    return html`<tr>
      <th scope="row">${entry.id}<input type="hidden" name="product:${index}" value="${entry.id}" /></th>
      <td data-label="${t('productNameHeader')}">
        <input
          type="text"
          name="name:${index}"
          value="${entry.name ?? ''}"
          aria-label="${t('productNameLabel', { id: entry.id })}"
        />
      </td>
      <td data-label="${t('productImageHeader')}">
        <input
          type="url"
          id="${imageId}"
          name="image:${index}"
          value="${entry.image_url ?? ''}"
          placeholder="https://"
          data-preview-for="${imageId}-preview"
          aria-label="${t('productImageLabel', { id: entry.id })}"
        />
      </td>
      <td data-label="${t('productPreview')}">
        <div>
          <button type="button" class="link" data-preview-button="${imageId}">${t('productPreview')}</button>
          <img id="${imageId}-preview" class="preview" alt="${t('productPreview')}" hidden data-preview />
        </div>
      </td>
      <td data-label="${t('sourceHeader')}">${t(`source_${entry.source}` as Parameters<T>[0])}</td>
    </tr>`;
  });
  return html`<section class="card">
      <p>${t('catalogIntro', { count: page.total })}</p>
      !${saidBoxes(page)}
      <form method="get" action="catalog" class="row">
        <div class="field">
          <label for="catalog-search">${t('catalogSearch')}</label>
          <input type="search" id="catalog-search" name="q" value="${page.search}" />
        </div>
        <div class="field checkbox">
          <input
            type="checkbox"
            id="catalog-missing"
            name="missing"
            value="1"
            !${page.missingOnly ? ' checked' : ''}
          />
          <label for="catalog-missing">${t('catalogMissingOnly')}</label>
        </div>
        <div><button type="submit" class="secondary">${t('catalogFilter')}</button></div>
      </form>
      !${
        rows.length === 0
          ? html`<p>${t('catalogEmpty')}</p>`
          : html`<form method="post" action="catalog">
              !${dataTable([t('productIdHeader'), t('productNameHeader'), t('productImageHeader'), t('productPreview'), t('sourceHeader')], rows, { className: 'stacked' })}
              <div class="actions"><button type="submit">${t('catalogSave')}</button></div>
            </form>`
      }
      <p class="actions">
        !${page.page > 1 ? html`<a href="${query(page, page.page - 1)}">${t('previousPage')}</a>` : ''}
        !${page.more ? html`<a href="${query(page, page.page + 1)}">${t('nextPage')}</a>` : ''}
      </p>
    </section>
    <section class="card" aria-labelledby="catalog-file-title">
      <h2 id="catalog-file-title">${t('catalogImport')}</h2>
      <form method="post" action="catalog/import" enctype="multipart/form-data" class="row">
        <div class="field">
          <label for="catalog-file">${t('catalogFile')}</label>
          !${filePicker(t, { id: 'catalog-file', name: 'catalog', required: true, accept: '.xlsx,.csv,.json,.ndjson' })}
        </div>
        <div><button type="submit" class="secondary">${t('catalogImport')}</button></div>
      </form>
      <p><a class="button secondary" href="catalog.csv" download>${t('catalogExport')}</a></p>
    </section>`;
}
