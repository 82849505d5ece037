import type { KnownProduct, ProductBook } from '../input/record-context.js';
import type { ProductCatalog } from '../catalog/product-catalog.js';
import type { Factory } from './factory.js';
import { dataDir } from './paths.js';

/** The profile's product catalog (in the data folder), opened; the caller closes it. */
export async function openCatalog(f: Factory): Promise<ProductCatalog> {
  const [{ ProductCatalog }, settings] = await Promise.all([
    import('../catalog/product-catalog.js'),
    f.settings(),
  ]);
  return ProductCatalog.open(dataDir(f.env), settings.profile.value, () => f.now().getTime());
}

/** The catalog as an upload uses it: it fills what a file lacks and remembers what a file carries. */
export function productBook(catalog: ProductCatalog): ProductBook {
  return {
    lookup(id) {
      const entry = catalog.get(id);
      if (!entry) return undefined;
      return {
        ...(entry.name === null ? {} : { name: entry.name }),
        ...(entry.image_url === null ? {} : { image_url: entry.image_url }),
      };
    },
    remember(products: readonly KnownProduct[]) {
      catalog.set(products, 'upload');
    },
  };
}
