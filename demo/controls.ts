/**
 * The demo's form controls as lit-html templates: text, number, colour, checkbox and select
 * fields, each with its own `<label>`, and an ordered checklist (a checkbox and move-up and
 * move-down buttons per item) for products, passcode methods and OAuth providers.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { repeat } from 'lit/directives/repeat.js';

/** What every field has. */
interface FieldBase {
  /** The element id, unique on the page. */
  readonly id: string;
  readonly label: string;
  /** A line under the field, read with it by screen readers. */
  readonly hint?: string;
  /** What is wrong with the value: marks the field invalid and says so under it. */
  readonly problem?: string;
}

/** A text field. */
export interface TextFieldOptions extends FieldBase {
  readonly value: string;
  readonly placeholder?: string;
  readonly type?: 'text' | 'url' | 'number';
  readonly inputMode?: 'numeric' | 'url' | 'text';
  readonly autocomplete?: string;
  /** Called on every keystroke. */
  readonly onInput?: (value: string) => void;
  /** Called when the value is committed (Enter or leaving the field). */
  readonly onChange?: (value: string) => void;
}

const hintId = (id: string) => `${id}-hint`;
const problemId = (id: string) => `${id}-problem`;

function hint(options: {
  id: string;
  hint?: string;
  problem?: string;
}): TemplateResult | typeof nothing {
  return html`${
    options.problem
      ? html`<p class="field-problem" id=${problemId(options.id)}>${options.problem}</p>`
      : nothing
  }${options.hint ? html`<p class="hint" id=${hintId(options.id)}>${options.hint}</p>` : nothing}`;
}

/** `aria-describedby` of a field: its problem, then its hint. */
function describedBy(options: { id: string; hint?: string; problem?: string }) {
  const ids = [
    ...(options.problem ? [problemId(options.id)] : []),
    ...(options.hint ? [hintId(options.id)] : []),
  ];
  return ids.length > 0 ? ids.join(' ') : nothing;
}

function targetValue(event: Event): string {
  return (event.target as HTMLInputElement | HTMLSelectElement).value;
}

/**
 * A labelled `<input>`. A field that reports every keystroke (`onInput`) always shows its
 * setting; one applied on change only (`onChange`, such as the public token, applied by Enter)
 * keeps what is typed across re-renders until its setting itself changes, so a render the page
 * makes meanwhile (bootstrap arriving, a widget event) does not wipe a pasted token.
 */
export function textField(options: TextFieldOptions): TemplateResult {
  return html`<div class="field">
    <label for=${options.id}>${options.label}</label>
    <input
      id=${options.id}
      type=${options.type ?? 'text'}
      inputmode=${options.inputMode ?? nothing}
      min=${options.type === 'number' ? '1' : nothing}
      autocomplete=${options.autocomplete ?? 'off'}
      spellcheck="false"
      placeholder=${options.placeholder ?? nothing}
      aria-describedby=${describedBy(options)}
      aria-invalid=${options.problem ? 'true' : nothing}
      .value=${options.onInput ? live(options.value) : options.value}
      @input=${(event: Event) => options.onInput?.(targetValue(event))}
      @change=${(event: Event) => options.onChange?.(targetValue(event))}
    />
    ${hint(options)}
  </div>`;
}

/** A whole number of minutes (or anything counted), empty for the default. */
export function numberField(
  options: Omit<TextFieldOptions, 'value' | 'onInput' | 'type'> & {
    value: number | undefined;
    onInput: (value: number | undefined) => void;
  },
): TemplateResult {
  return textField({
    ...options,
    type: 'number',
    inputMode: 'numeric',
    value: options.value === undefined ? '' : String(options.value),
    onInput: (text) => {
      const number = Number(text);
      options.onInput(text.trim() === '' || !Number.isFinite(number) ? undefined : number);
    },
  });
}

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A colour: a text field taking any CSS colour (empty for the widget's default, shown as the
 * placeholder) beside a colour picker that fills it in.
 */
export function colorField(
  options: FieldBase & {
    value: string;
    defaultColor: string;
    onInput: (value: string) => void;
  },
): TemplateResult {
  const shown = HEX_COLOR.test(options.value)
    ? options.value
    : HEX_COLOR.test(options.defaultColor)
      ? options.defaultColor
      : '#000000';
  return html`<div class="field field--color">
    <label for=${options.id}>${options.label}</label>
    <div class="color-row">
      <input
        id=${options.id}
        type="text"
        autocomplete="off"
        spellcheck="false"
        placeholder=${options.defaultColor}
        aria-describedby=${describedBy(options)}
        aria-invalid=${options.problem ? 'true' : nothing}
        .value=${live(options.value)}
        @input=${(event: Event) => options.onInput(targetValue(event))}
      />
      <input
        type="color"
        aria-label=${`${options.label}: pick a colour`}
        .value=${live(shown)}
        @input=${(event: Event) => options.onInput(targetValue(event))}
      />
    </div>
    ${hint(options)}
  </div>`;
}

/** A labelled checkbox. */
export function checkboxField(
  options: FieldBase & { checked: boolean; onChange: (checked: boolean) => void },
): TemplateResult {
  return html`<div class="field field--check">
    <input
      id=${options.id}
      type="checkbox"
      aria-describedby=${options.hint ? hintId(options.id) : nothing}
      .checked=${live(options.checked)}
      @change=${(event: Event) => options.onChange((event.target as HTMLInputElement).checked)}
    />
    <label for=${options.id}>${options.label}</label>
    ${hint(options)}
  </div>`;
}

/** One choice of a select. */
export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** A labelled `<select>`. */
export function selectField(
  options: FieldBase & {
    value: string;
    choices: readonly Choice[];
    onChange: (value: string) => void;
  },
): TemplateResult {
  return html`<div class="field">
    <label for=${options.id}>${options.label}</label>
    <select
      id=${options.id}
      aria-describedby=${options.hint ? hintId(options.id) : nothing}
      .value=${live(options.value)}
      @change=${(event: Event) => options.onChange(targetValue(event))}
    >
      ${options.choices.map(
        (choice) =>
          html`<option value=${choice.value} ?selected=${choice.value === options.value}>
            ${choice.label}
          </option>`,
      )}
    </select>
    ${hint(options)}
  </div>`;
}

/** One item of an ordered checklist. */
export interface ChecklistItem {
  readonly id: string;
  readonly label: string;
  /** A badge after the label, such as "coming". */
  readonly badge?: string;
}

/** A list of items to switch on and put in order. */
export interface ChecklistOptions {
  /** Prefix of the element ids. */
  readonly id: string;
  /** The group's name (the legend). */
  readonly legend: string;
  /** Every item, in order. */
  readonly items: readonly ChecklistItem[];
  /** The ids of the items that are on. */
  readonly checked: readonly string[];
  readonly hint?: string;
  /** What the last move did, announced to screen readers. */
  readonly announcement?: string;
  onToggle(id: string, on: boolean): void;
  /** Moves an item one place up (-1) or down (+1). */
  onMove(id: string, by: -1 | 1): void;
}

/** An ordered checklist in a fieldset. */
export function orderedChecklist(options: ChecklistOptions): TemplateResult {
  const last = options.items.length - 1;
  // Moving a list item in the DOM can take the focus away from its button: give it back.
  const move = (event: Event, id: string, by: -1 | 1) => {
    const button = event.currentTarget as HTMLButtonElement;
    options.onMove(id, by);
    requestAnimationFrame(() => {
      if (button.isConnected && document.activeElement !== button) button.focus();
    });
  };
  return html`<fieldset class="checklist" aria-describedby=${options.hint ? hintId(options.id) : nothing}>
    <legend>${options.legend}</legend>
    ${hint(options)}
    <ol>
      ${repeat(
        options.items,
        (item) => item.id,
        (item, index) => {
          const id = `${options.id}-${item.id}`;
          return html`<li>
            <input
              id=${id}
              type="checkbox"
              .checked=${live(options.checked.includes(item.id))}
              @change=${(event: Event) =>
                options.onToggle(item.id, (event.target as HTMLInputElement).checked)}
            />
            <label for=${id}>
              ${item.label}
              ${item.badge ? html`<span class="badge">${item.badge}</span>` : nothing}
            </label>
            <span class="move">
              <button
                type="button"
                aria-label=${`Move ${item.label} up`}
                aria-disabled=${index === 0 ? 'true' : 'false'}
                @click=${(event: Event) => index > 0 && move(event, item.id, -1)}
              >
                ↑
              </button>
              <button
                type="button"
                aria-label=${`Move ${item.label} down`}
                aria-disabled=${index === last ? 'true' : 'false'}
                @click=${(event: Event) => index < last && move(event, item.id, 1)}
              >
                ↓
              </button>
            </span>
          </li>`;
        },
      )}
    </ol>
    <p class="visually-hidden" role="status">${options.announcement ?? ''}</p>
  </fieldset>`;
}
