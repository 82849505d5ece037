import type { Store } from '../storage/store.js';
import { emptyDoc, type FakeDoc, type FakeName } from './model.js';

const docKey = (marketplace: FakeName, merchantId: string) => `fake:${marketplace}:${merchantId}`;
const ownerKey = (marketplace: FakeName, key: string) => `fake-owner:${marketplace}:${key}`;

/** The credential that names a fake's merchant in a request: Naver's client id, Coupang's access key, Cafe24's mall. */
export const OWNER_FIELD: Readonly<Record<FakeName, string>> = {
  naver: 'client_id',
  coupang: 'access_key',
  cafe24: 'mall_id',
};

/**
 * The marketplace fakes' state, in the service's own store (so every process of a shared database
 * serves the same fakes): one document per merchant and marketplace, changed in a transaction that holds
 * its row, and an index from the credential a request carries to the merchant whose fake it is.
 */
export class FakeBook {
  readonly #store: Store;
  readonly #now: (merchantId: string) => number;
  readonly #real: () => number;

  /**
   * `now` is a merchant's time, moved forward by `intake local advance` as the service's is: what
   * elapses inside a marketplace lives in it (tokens' lifetimes, blocks, rate limits). `real` is real
   * time, what a caller's own clock reads: the time a caller signs a request with is checked against it,
   * and the lines are stamped with it, since the windows a pull asks for are on the caller's clock; so a
   * clock moved forward for a test neither makes every signature look stale nor hides new orders.
   */
  constructor(store: Store, now: (merchantId: string) => number, real: () => number) {
    this.#store = store;
    this.#now = now;
    this.#real = real;
  }

  now(merchantId: string): number {
    return this.#now(merchantId);
  }

  async read(marketplace: FakeName, merchantId: string): Promise<FakeDoc> {
    const text = await this.#store.meta.get(docKey(marketplace, merchantId));
    return text
      ? ({ ...emptyDoc(marketplace), ...(JSON.parse(text) as Partial<FakeDoc>) } as FakeDoc)
      : emptyDoc(marketplace);
  }

  /** Runs `work` on a merchant's fake and keeps what it changed, one request at a time. */
  async update<T>(
    marketplace: FakeName,
    merchantId: string,
    work: (doc: FakeDoc, now: number, real: number) => T | Promise<T>,
  ): Promise<T> {
    return this.#store.transaction(async (tx) => {
      const text = await tx.meta.getForUpdate(docKey(marketplace, merchantId));
      const doc = text
        ? ({ ...emptyDoc(marketplace), ...(JSON.parse(text) as Partial<FakeDoc>) } as FakeDoc)
        : emptyDoc(marketplace);
      const before = doc.credentials[OWNER_FIELD[marketplace]];
      const result = await work(doc, this.#now(merchantId), this.#real());
      const after = doc.credentials[OWNER_FIELD[marketplace]];
      if (after !== undefined && after !== before)
        await tx.meta.set(ownerKey(marketplace, after), merchantId);
      await tx.meta.set(docKey(marketplace, merchantId), JSON.stringify(doc));
      return result;
    });
  }

  /** The merchant whose fake a credential belongs to. */
  async ownerOf(marketplace: FakeName, key: string): Promise<string | undefined> {
    return this.#store.meta.get(ownerKey(marketplace, key));
  }

  async reset(marketplace: FakeName, merchantId: string): Promise<void> {
    await this.#store.transaction(async (tx) => {
      await tx.meta.set(docKey(marketplace, merchantId), JSON.stringify(emptyDoc(marketplace)));
    });
  }
}
