import { html } from 'ghtml';
import { dataTable } from '../../web/table.js';
import type { TableInfo } from '../../bulk/index.js';
import type { RefusedRow } from '../session.js';
import type { T } from '../texts/index.js';

/** A product the file names without a name or image that the catalog could give. */
export interface MissingProduct {
  id: string;
  name: string;
  missing: Set<'name' | 'image_url'>;
  rows: number[];
}

/** The products the check found without a name or image, from the rows' problems, in order of first row. */
export function missingProducts(rows: readonly RefusedRow[], table: TableInfo | undefined): MissingProduct[] {
  const found = new Map<string, MissingProduct>();
  const namePosition = table?.columns.product_name?.[0];
  for (const row of rows) {
    for (const problem of row.problems) {
      if (problem.said?.code !== 'missing_product_data') continue;
      const id = String(problem.said.values?.product ?? '');
      const field = problem.said.values?.field === 'name' ? 'name' : 'image_url';
      if (id === '') continue;
      const entry = found.get(id) ?? {
        id,
        name:
          namePosition !== undefined && Array.isArray(row.cells)
            ? ((row.cells as string[])[namePosition] ?? '')
            : '',
        missing: new Set<'name' | 'image_url'>(),
        rows: [],
      };
      entry.missing.add(field);
      if (!entry.rows.includes(row.row)) entry.rows.push(row.row);
      found.set(id, entry);
    }
  }
  return [...found.values()];
}

/**
 * The products without a name or image, each with a box for what it lacks and a preview of the image
 * typed: given once, they are remembered in the profile's product list for every later file, with the
 * name the file gives (so that the product list names a product before its file is sent).
 */
export function productsCard(
  t: T,
  id: string,
  products: readonly MissingProduct[],
  problem?: string,
): string {
  if (products.length === 0) return '';
  const rows = products.map((product, index) => {
    const nameId = `product-name-${index}`;
    const imageId = `product-image-${index}`;
    return html`<tr>
      <th scope="row">
        ${product.id}<input type="hidden" name="product:${index}" value="${product.id}" />
        !${
          !product.missing.has('name') && product.name !== ''
            ? html`<input type="hidden" name="file-name:${index}" value="${product.name}" />`
            : ''
        }
        <div class="hint">
          ${t('productRows', {
            rows: product.rows.slice(0, 5).join(', ') + (product.rows.length > 5 ? '…' : ''),
            count: product.rows.length,
          })}
        </div>
      </th>
      <td data-label="${t('productNameHeader')}">
        !${
          product.missing.has('name')
            ? html`<input
                type="text"
                id="${nameId}"
                name="name:${index}"
                aria-label="${t('productNameLabel', { id: product.id })}"
              />`
            : html`${product.name}`
        }
      </td>
      <td data-label="${t('productImageHeader')}" class="${product.missing.has('image_url') ? '' : 'empty'}">
        !${
          product.missing.has('image_url')
            ? html`<input
                type="url"
                id="${imageId}"
                name="image:${index}"
                inputmode="url"
                placeholder="https://"
                data-preview-for="${imageId}-preview"
                aria-label="${t('productImageLabel', { id: product.id })}"
              />`
            : ''
        }
      </td>
      <td data-label="${t('productPreview')}">
        <img id="${imageId}-preview" class="preview" alt="${t('productPreview')}" hidden data-preview />
      </td>
    </tr>`;
  });
  return html`<div class="products" id="products">
    <h3 id="products-title">${t('productsTitle')}</h3>
    <p class="hint">${t('productsIntro')}</p>
    !${problem ? html`<div class="error-box" role="alert">${problem}</div>` : ''}
    <form method="post" action="uploads/${id}/products">
      !${dataTable([t('productIdHeader'), t('productNameHeader'), t('productImageHeader'), t('productPreview')], rows, { className: 'stacked' })}
      <div class="actions"><button type="submit">${t('productsSave')}</button></div>
    </form>
  </div>`;
}
