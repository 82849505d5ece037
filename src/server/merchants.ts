import { AUTH_DETAILS, parseBasicAuthorization } from '../contract/index.js';
import { generateCredentials, hashSecret, secretMatches } from './credentials.js';
import { conflict } from './http/errors.js';
import type { MerchantRow } from './storage/merchants.js';
import type { Store } from './storage/store.js';

/** What to create or fix: a merchant id and, optionally, its credentials and thanks delay. */
export interface MerchantSeed {
  /** Left out: the first merchant of the store (or a new `mall-1` in an empty one). */
  merchantId?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  thanksDelayDays?: number | undefined;
}

/** A merchant as provisioned; the secret is present only when it was generated now (it is shown once). */
export interface ProvisionedMerchant {
  merchantId: string;
  accessKeyId: string;
  secretAccessKey?: string;
  created: boolean;
}

/** The merchant created when a fresh store is started without merchant settings. */
export const DEFAULT_MERCHANT_ID = 'mall-1';

export type Authentication = { ok: true; merchant: MerchantRow } | { ok: false; detail: string };

/** The merchants of the service and their credentials, with lookups cached in memory. */
export class MerchantDirectory {
  readonly #store: Store;
  readonly #defaultThanksDelayDays: number;
  #byAccessKeyId = new Map<string, MerchantRow>();

  constructor(store: Store, defaultThanksDelayDays: number) {
    this.#store = store;
    this.#defaultThanksDelayDays = defaultThanksDelayDays;
    this.#reload();
  }

  #reload(): void {
    this.#byAccessKeyId = new Map(this.#store.merchants.all().map((row) => [row.access_key_id, row]));
  }

  get count(): number {
    return this.#byAccessKeyId.size;
  }

  all(): MerchantRow[] {
    return [...this.#byAccessKeyId.values()];
  }

  byId(merchantId: string): MerchantRow | undefined {
    return this.all().find((row) => row.id === merchantId);
  }

  /** Checks an `Authorization` header; the failure carries the service's exact 401 text. */
  authenticate(header: string | undefined): Authentication {
    const parsed = parseBasicAuthorization(header);
    if (!parsed.ok)
      return {
        ok: false,
        detail: parsed.problem === 'missing' ? AUTH_DETAILS.required : AUTH_DETAILS.invalid,
      };
    const merchant = this.#byAccessKeyId.get(parsed.credentials.accessKeyId);
    if (!merchant) return { ok: false, detail: AUTH_DETAILS.unknownKey };
    if (!secretMatches(parsed.credentials.secretAccessKey, merchant.secret_salt, merchant.secret_hash)) {
      return { ok: false, detail: AUTH_DETAILS.wrongSecret };
    }
    return { ok: true, merchant };
  }

  /**
   * Creates the merchant, or fixes the credentials and thanks delay of an existing one when given.
   * Credentials not given for a new merchant are generated.
   */
  provision(seedGiven: MerchantSeed, now: number): ProvisionedMerchant {
    const merchantId = seedGiven.merchantId ?? this.#store.merchants.all()[0]?.id ?? DEFAULT_MERCHANT_ID;
    const seed = { ...seedGiven, merchantId };
    const provisioned = this.#store.transaction(() => {
      const existing = this.#store.merchants.findById(seed.merchantId);
      const givenKey = seed.accessKeyId;
      if (givenKey !== undefined) {
        const holder = this.#store.merchants.findByAccessKeyId(givenKey);
        if (holder && holder.id !== seed.merchantId) {
          throw conflict(`Access key id '${givenKey}' already belongs to merchant '${holder.id}'.`);
        }
      }
      if (existing) {
        const secretGiven = seed.secretAccessKey !== undefined;
        const { salt, hash } = secretGiven
          ? hashSecret(seed.secretAccessKey as string)
          : { salt: existing.secret_salt, hash: existing.secret_hash };
        this.#store.merchants.update({
          ...existing,
          access_key_id: givenKey ?? existing.access_key_id,
          secret_salt: salt,
          secret_hash: hash,
          thanks_delay_days: seed.thanksDelayDays ?? existing.thanks_delay_days,
        });
        return { merchantId: existing.id, accessKeyId: givenKey ?? existing.access_key_id, created: false };
      }
      const fresh = generateCredentials();
      const accessKeyId = givenKey ?? fresh.accessKeyId;
      const secretAccessKey = seed.secretAccessKey ?? fresh.secretAccessKey;
      const { salt, hash } = hashSecret(secretAccessKey);
      this.#store.merchants.insert({
        id: seed.merchantId,
        access_key_id: accessKeyId,
        secret_salt: salt,
        secret_hash: hash,
        thanks_delay_days: seed.thanksDelayDays ?? this.#defaultThanksDelayDays,
        created_at: now,
      });
      const created: ProvisionedMerchant = { merchantId: seed.merchantId, accessKeyId, created: true };
      if (seed.secretAccessKey === undefined) created.secretAccessKey = secretAccessKey;
      return created;
    });
    this.#reload();
    return provisioned;
  }
}
