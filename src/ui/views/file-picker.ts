import { html } from 'ghtml';
import type { T } from '../texts/index.js';

export interface FilePickerOptions {
  id: string;
  name: string;
  accept: string;
  required?: boolean;
  describedBy?: string;
}

/**
 * A file input whose button and "no file chosen" are the page's words, not the browser's: the native
 * input lies, invisible but focusable, over a button in the page's language, and the chosen file's name
 * is said beside it. Without the page's script the native input shows as it is (the styles hide it only
 * once the script has said it runs), so a file can always be chosen and seen chosen.
 */
export function filePicker(t: T, options: FilePickerOptions): string {
  return html`<span class="file-picker">
    <span class="file-choose">
      <input
        type="file"
        id="${options.id}"
        name="${options.name}"
        accept="${options.accept}"
        !${options.required ? 'required' : ''}
        !${options.describedBy ? html`aria-describedby="${options.describedBy}"` : ''}
      />
      <span class="button secondary file-button" aria-hidden="true">${t('chooseFile')}</span>
    </span>
    <span class="hint file-name" data-file-name data-none="${t('noFileChosen')}" aria-live="polite"
      >${t('noFileChosen')}</span
    >
  </span>`;
}
