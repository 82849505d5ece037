import { AUTH_DETAILS, parseBasicAuthorization } from '../contract/index.js';
import { VerifiedSecrets, generateCredentials, hashSecret, secretMatches } from './credentials.js';
import { AuthGuard } from './auth-guard.js';
import { Conflict, NotPermitted } from './errors.js';
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
  thanksDelayDays: number;
  created: boolean;
}

/** The merchant created when a fresh store is started without merchant settings. */
export const DEFAULT_MERCHANT_ID = 'mall-1';

/** Whether a merchant still has the access key id and secret it had. */
function sameCredentials(before: MerchantRow, after: MerchantRow | undefined): boolean {
  return (
    after !== undefined &&
    after.access_key_id === before.access_key_id &&
    Buffer.compare(after.secret_hash, before.secret_hash) === 0
  );
}

export type Authentication =
  { ok: true; merchant: MerchantRow } | { ok: false; detail: string; retryAfterSeconds?: number };

/**
 * The merchants of the service and their credentials. Lookups are held in memory; a secret is checked
 * with scrypt once per process, after which the pair is recognised by a keyed digest.
 */
export class MerchantDirectory {
  readonly #store: Store;
  readonly #defaultThanksDelayDays: number;
  readonly #verified = new VerifiedSecrets();
  readonly #guard = new AuthGuard<Authentication>();
  #byAccessKeyId = new Map<string, MerchantRow>();
  /** Reads of the merchants begun so far (the last one's is kept). */
  #loads = 0;

  private constructor(store: Store, defaultThanksDelayDays: number) {
    this.#store = store;
    this.#defaultThanksDelayDays = defaultThanksDelayDays;
  }

  static async open(store: Store, defaultThanksDelayDays: number): Promise<MerchantDirectory> {
    const directory = new MerchantDirectory(store, defaultThanksDelayDays);
    await directory.#reload();
    return directory;
  }

  /**
   * Reads the merchants; of reads under way at once (a poll, a change made here), the one begun last is
   * kept, so that a poll's read from before a change never puts back what the change replaced.
   */
  async #reload(): Promise<void> {
    const load = ++this.#loads;
    const rows = await this.#store.merchants.all();
    if (load === this.#loads) this.#byAccessKeyId = new Map(rows.map((row) => [row.access_key_id, row]));
  }

  /**
   * Reads the merchants again, since another process sharing the database may have changed them, and
   * forgets the verified headers of every merchant whose access key id or secret changed: a secret
   * changed elsewhere stops working here at the next poll, not at the next restart.
   */
  async refresh(): Promise<void> {
    const before = [...this.#byAccessKeyId.values()];
    await this.#reload();
    const now = new Map([...this.#byAccessKeyId.values()].map((row) => [row.id, row]));
    let changed = false;
    for (const old of before) {
      if (sameCredentials(old, now.get(old.id))) continue;
      this.#verified.forget(old.access_key_id);
      changed = true;
    }
    // A header refused before may be right now.
    if (changed) this.#guard.forgetRefused();
  }

  /** An access key id not known here, looked up in the database: another process may have added it. */
  async #lookAgain(accessKeyId: string): Promise<MerchantRow | undefined> {
    const found = await this.#store.merchants.findByAccessKeyId(accessKeyId);
    if (found) this.#byAccessKeyId.set(found.access_key_id, found);
    return found;
  }

  get count(): number {
    return this.#byAccessKeyId.size;
  }

  /** The merchant created first: the only one that may add merchants. */
  async first(): Promise<MerchantRow | undefined> {
    return (await this.#store.merchants.all())[0];
  }

  /** The merchant of an id, if there is one. */
  byId(merchantId: string): Promise<MerchantRow | undefined> {
    return this.#store.merchants.findById(merchantId);
  }

  /**
   * The merchant whose access key id an `Authorization` header names, without checking its secret: for
   * telling a merchant of what happened to a request that was never authenticated (a fault injected).
   */
  named(header: string | undefined): MerchantRow | undefined {
    const parsed = parseBasicAuthorization(header);
    return parsed.ok ? this.#byAccessKeyId.get(parsed.credentials.accessKeyId) : undefined;
  }

  /**
   * Checks an `Authorization` header; a failure carries the service's exact 401 text. Answers at once
   * when it can (a malformed header, an unknown key, a pair verified before), otherwise after scrypt.
   */
  authenticate(header: string | undefined): Authentication | Promise<Authentication> {
    const known = header === undefined ? undefined : this.#verified.accessKeyIdOf(header);
    const merchant = known === undefined ? undefined : this.#byAccessKeyId.get(known);
    if (merchant) return { ok: true, merchant };
    const parsed = parseBasicAuthorization(header);
    if (!parsed.ok) {
      return {
        ok: false,
        detail: parsed.problem === 'missing' ? AUTH_DETAILS.required : AUTH_DETAILS.invalid,
      };
    }
    const { accessKeyId, secretAccessKey } = parsed.credentials;
    const owner = this.#byAccessKeyId.get(accessKeyId);
    if (!owner) return this.#unknown(header as string, accessKeyId);
    return this.#check(owner, header as string, secretAccessKey);
  }

  async #unknown(header: string, accessKeyId: string): Promise<Authentication> {
    const owner = await this.#lookAgain(accessKeyId);
    if (!owner) return { ok: false, detail: AUTH_DETAILS.unknownKey };
    const parsed = parseBasicAuthorization(header);
    return parsed.ok
      ? this.#check(owner, header, parsed.credentials.secretAccessKey)
      : { ok: false, detail: AUTH_DETAILS.invalid };
  }

  #check(
    owner: MerchantRow,
    header: string,
    secretAccessKey: string,
  ): Authentication | Promise<Authentication> {
    const accessKeyId = owner.access_key_id;
    const digest = this.#verified.digest(header);
    if (this.#guard.refusedBefore(digest)) return { ok: false, detail: AUTH_DETAILS.wrongSecret };
    const locked = this.#guard.lockedFor(accessKeyId);
    if (locked !== undefined)
      return { ok: false, detail: AUTH_DETAILS.wrongSecret, retryAfterSeconds: locked };
    return this.#guard.once(digest, accessKeyId, () => this.#verify(owner, secretAccessKey, header, digest));
  }

  /** Secret hashes computed since start (each header is hashed once, whoever else asks at the time). */
  get hashes(): number {
    return this.#guard.hashes;
  }

  async #verify(
    merchant: MerchantRow,
    secret: string,
    header: string,
    digest: string,
  ): Promise<Authentication> {
    const stored = { salt: merchant.secret_salt, hash: merchant.secret_hash, kdf: merchant.secret_kdf };
    if (!(await secretMatches(secret, stored))) {
      this.#guard.failed(merchant.access_key_id, digest);
      return { ok: false, detail: AUTH_DETAILS.wrongSecret };
    }
    this.#guard.succeeded(merchant.access_key_id);
    const checked = merchant.secret_kdf === 'scrypt' ? merchant : await this.#rehash(merchant, secret);
    // Not remembered if the secret changed while it was being checked: the next request checks again.
    if (sameCredentials(checked, this.#byAccessKeyId.get(merchant.access_key_id)))
      this.#verified.remember(header, merchant.access_key_id);
    return { ok: true, merchant: this.#byAccessKeyId.get(merchant.access_key_id) ?? merchant };
  }

  /** A secret stored with the old single SHA-256 is stored again with scrypt once it is known. */
  async #rehash(merchant: MerchantRow, secret: string): Promise<MerchantRow> {
    const { salt, hash, kdf } = hashSecret(secret);
    const row = { ...merchant, secret_salt: salt, secret_hash: hash, secret_kdf: kdf };
    await this.#store.merchants.update(row);
    await this.#reload();
    return row;
  }

  /** Adds a merchant at the request of `caller`, which must be the service's first merchant. */
  async add(
    caller: MerchantRow,
    seed: MerchantSeed & { merchantId: string },
    now: number,
  ): Promise<ProvisionedMerchant> {
    if ((await this.first())?.id !== caller.id) {
      throw new NotPermitted("Only the service's first merchant may add merchants.");
    }
    if (await this.#store.merchants.findById(seed.merchantId)) {
      throw new Conflict(`Merchant '${seed.merchantId}' already exists.`);
    }
    return this.provision(seed, now);
  }

  /**
   * Creates the merchant, or fixes the credentials and thanks delay of an existing one when given.
   * Credentials not given for a new merchant are generated. An access key id already held by another
   * merchant is refused without saying which.
   */
  async provision(seedGiven: MerchantSeed, now: number): Promise<ProvisionedMerchant> {
    const merchantId = seedGiven.merchantId ?? (await this.first())?.id ?? DEFAULT_MERCHANT_ID;
    const seed = { ...seedGiven, merchantId };
    const provisioned = await this.#store.transaction(async (tx) => {
      const existing = await tx.merchants.findById(seed.merchantId);
      const givenKey = seed.accessKeyId;
      if (givenKey !== undefined) {
        const holder = await tx.merchants.findByAccessKeyId(givenKey);
        if (holder && holder.id !== seed.merchantId) {
          throw new Conflict(`Access key id '${givenKey}' is already in use.`);
        }
      }
      if (existing) {
        const secret =
          seed.secretAccessKey === undefined
            ? { salt: existing.secret_salt, hash: existing.secret_hash, kdf: existing.secret_kdf }
            : hashSecret(seed.secretAccessKey);
        const row: MerchantRow = {
          ...existing,
          access_key_id: givenKey ?? existing.access_key_id,
          secret_salt: secret.salt,
          secret_hash: secret.hash,
          secret_kdf: secret.kdf,
          thanks_delay_days: seed.thanksDelayDays ?? existing.thanks_delay_days,
        };
        await tx.merchants.update(row);
        this.#verified.forget(existing.access_key_id);
        // A header refused before may be right now.
        this.#guard.forgetRefused();
        return {
          merchantId: row.id,
          accessKeyId: row.access_key_id,
          thanksDelayDays: row.thanks_delay_days,
          created: false,
        };
      }
      const fresh = generateCredentials();
      const accessKeyId = givenKey ?? fresh.accessKeyId;
      const secretAccessKey = seed.secretAccessKey ?? fresh.secretAccessKey;
      const { salt, hash, kdf } = hashSecret(secretAccessKey);
      const thanksDelayDays = seed.thanksDelayDays ?? this.#defaultThanksDelayDays;
      await tx.merchants.insert({
        id: seed.merchantId,
        access_key_id: accessKeyId,
        secret_salt: salt,
        secret_hash: hash,
        secret_kdf: kdf,
        thanks_delay_days: thanksDelayDays,
        created_at: now,
      });
      const created: ProvisionedMerchant = {
        merchantId: seed.merchantId,
        accessKeyId,
        thanksDelayDays,
        created: true,
      };
      if (seed.secretAccessKey === undefined) created.secretAccessKey = secretAccessKey;
      return created;
    });
    await this.#reload();
    return provisioned;
  }
}
