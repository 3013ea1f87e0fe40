/**
 * The FAQ in the invitation's form: heading, subtitle, the questions and answers (added,
 * removed and reordered) and the closing card with the number guests text.
 */
import type { FaqItem } from '../content/invitation.js';
import { moveItem } from './content-draft.js';
import { FieldProblems, ItemTools, TextField, useDraft } from './content-fields.js';

/** The FAQ's part of the form. */
export function FaqEditor({ items }: { items: readonly FaqItem[] }) {
  const { update } = useDraft();
  const setItems = (next: readonly FaqItem[]) => update(['faq', 'items'], next);
  return (
    <fieldset className="host-fieldset">
      <legend>Questions and answers</legend>
      <TextField path={['faq', 'heading']} label="Heading" />
      <TextField path={['faq', 'subtitle']} label="Subtitle" />
      <FieldProblems path={['faq', 'items']} />
      {items.map((_, index) => {
        const path = ['faq', 'items', index] as const;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no id; their fields are bound by place.
          <fieldset className="host-fieldset host-faq-item" key={index}>
            <legend>Question {index + 1}</legend>
            <ItemTools
              name={`question ${index + 1}`}
              index={index}
              count={items.length}
              onMove={(to) => setItems(moveItem(items, index, to))}
              onRemove={() => setItems(items.filter((_, i) => i !== index))}
            />
            <FieldProblems path={path} />
            <TextField path={[...path, 'question']} label="Question" />
            <TextField
              path={[...path, 'answer']}
              label="Answer"
              multiline
              hint="Links as [words](https://…); https, mailto and tel only."
            />
          </fieldset>
        );
      })}
      <button
        type="button"
        className="host-button"
        onClick={() => setItems([...items, { question: '', answer: '' }])}
      >
        Add a question
      </button>
      <fieldset className="host-fieldset">
        <legend>Closing card</legend>
        <TextField path={['faq', 'closing', 'heading']} label="Heading" />
        <TextField path={['faq', 'closing', 'text']} label="Text" multiline />
        <div className="host-grid">
          <TextField path={['faq', 'closing', 'phone']} label="Number guests text" />
          <TextField path={['faq', 'closing', 'textLabel']} label="Words of the text link" />
        </div>
      </fieldset>
    </fieldset>
  );
}
