import { buildUi } from '../../src/ui/build-ui.js';
import { join } from 'node:path';
import { ProductCatalog } from '../../src/catalog/product-catalog.js';
import { UiAuth } from '../../src/ui/auth.js';
import { SessionStore } from '../../src/ui/sessions.js';
import type { UiState } from '../../src/ui/state.js';
import { tempDir } from './temp.js';

/**
 * What `intake ui` draws on, for a test that builds its app without the CLI: no service (every call
 * fails), a temp folder, the catalog of that folder. Close `catalog` after.
 */
export function offlineUiState(maxBytes: number): UiState {
  const dir = tempDir('intake-ui-');
  const sessions = new SessionStore(join(dir, 'uploads'));
  const catalog = ProductCatalog.open(dir, 'default');
  const save = () => Promise.resolve();
  return {
    sessions,
    auth: new UiAuth(dir),
    services: {
      client: () => Promise.reject(new Error('no service in this test')),
      ledger: { dir: tempDir('intake-data-'), target: undefined },
      carriers: () => Promise.reject(new Error('no carriers in this test')),
      products: { lookup: () => undefined, remember: () => {} },
      savedLayouts: () => Promise.resolve([]),
      save,
      afterSend: save,
    },
    profile: { name: 'default', baseUrl: 'http://127.0.0.1:9', accessKeyId: undefined, secretFrom: 'none' },
    status: () => Promise.reject(new Error('no status in this test')),
    liveness: () => ({ healthy: undefined, merchant: undefined }),
    maxBytes,
    catalog,
    layouts: { list: () => Promise.resolve([]), save: () => Promise.reject(new Error('not here')) },
    marketplaces: {
      list: () => Promise.resolve([]),
      pull: () => Promise.reject(new Error('no marketplaces in this test')),
      settle: () => Promise.resolve(),
      push: () => Promise.reject(new Error('no marketplaces in this test')),
      keep: () => Promise.reject(new Error('no marketplaces in this test')),
      consent: () => Promise.reject(new Error('no marketplaces in this test')),
      pendingConsent: () => undefined,
      holding: () => false,
      keepHeld: async () => undefined,
      consentOutcome: () => undefined,
      close: () => {},
    },
  };
}

/** `intake ui` built on `state` and listening on 127.0.0.1, with a browser signed in. */
export interface SignedInUi {
  /** The page's address (its secret base path). */
  base: string;
  /** A form posted as the page posts it: signed in, from its own origin; redirects not followed. */
  post(path: string, body: FormData | URLSearchParams): Promise<Response>;
  /** A page as the signed-in browser gets it, in `lang`. */
  get(path: string, lang?: string): Promise<Response>;
  close(): Promise<void>;
}

/** Builds `intake ui` on `state`, listens, and signs a browser in. Call `close` after. */
export async function signedInUi(state: UiState): Promise<SignedInUi> {
  await state.sessions.prepare();
  const app = await buildUi({ state });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `${origin}${state.auth.base}`;
  const signedIn = await fetch(`${base}?token=${state.auth.newToken()}`, { redirect: 'manual' });
  const cookie = String(signedIn.headers.get('set-cookie')).split(';')[0] as string;
  return {
    base,
    post: (path, body) =>
      fetch(`${base}${path}`, { method: 'POST', body, redirect: 'manual', headers: { cookie, origin } }),
    get: (path, lang = 'en') => fetch(`${base}${path}`, { headers: { cookie, 'accept-language': lang } }),
    close: async () => {
      await app.close();
      state.catalog.close();
    },
  };
}
