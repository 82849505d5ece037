import type { UploadServices } from './runner.js';
import type { SessionStore } from './sessions.js';
import type { ProfileView, StatusView } from './views.js';

/** What the UI's routes share: the uploads, what they draw on, who the page works as. */
export interface UiState {
  sessions: SessionStore;
  services: UploadServices;
  profile: ProfileView;
  /** The connection page's facts, asked of the service each time. */
  status(): Promise<StatusView>;
  /** The largest file taken. */
  maxBytes: number;
}
