import { html } from 'ghtml';

/**
 * A form's field with its label and a hint under its control: the control (markup, given with
 * `id` and `aria-describedby="<id>-hint"`, see `hintOf`) is named by the label and described by the hint.
 */
export const hintedField = (id: string, label: string, control: string, hint: string): string =>
  html`<div class="field">
    <label for="${id}">${label}</label>
    !${control}
    <p class="hint" id="${hintOf(id)}">${hint}</p>
  </div>`;

/** The id of a field's hint, for its control's `aria-describedby`. */
export const hintOf = (id: string): string => `${id}-hint`;
