import type { ProductCatalog } from '../catalog/product-catalog.js';
import type { LayoutToSave, Preset } from '../bulk/layout/presets.js';
import type { UiAuth } from './auth.js';
import type { UploadServices } from './runner.js';
import type { SessionStore } from './sessions.js';
import type { ProfileView, StatusView } from './views/status.js';

/** What the header shows of the service: whether it answers, and the merchant the key belongs to. */
export interface Liveness {
  /** undefined until first asked. */
  healthy: boolean | undefined;
  merchant: string | undefined;
}

/** What the UI's routes share: the uploads, what they draw on, who the page works as. */
export interface UiState {
  sessions: SessionStore;
  services: UploadServices;
  profile: ProfileView;
  /** Who may use the page, and its base path (`/p/…/`). */
  auth: UiAuth;
  /** The connection page's facts, asked of the service each time. */
  status(): Promise<StatusView>;
  /** The service's health and merchant as last seen (asked again in the background when old). */
  liveness(): Liveness;
  /** The largest file taken. */
  maxBytes: number;
  /** The profile's product catalog. */
  catalog: ProductCatalog;
  /** Column layouts saved under a name, and how to save one. */
  layouts: { list(): Promise<Preset[]>; save(layout: LayoutToSave): Promise<string> };
}
