/**
 * The hosts' page's sections as tabs (the WAI-ARIA tabs pattern): one tab stop for the row,
 * the arrow keys, Home and End move between tabs and show each at once; every panel stays
 * mounted (a draft being edited survives a look at another tab), hidden unless chosen.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

/** One tab and its panel. */
export interface TabSpec<K extends string> {
  readonly key: K;
  readonly label: string;
  readonly panel: ReactNode;
}

/** Props of {@link Tabs}. */
export interface TabsProps<K extends string> {
  /** Names the row of tabs. */
  label: string;
  tabs: readonly TabSpec<K>[];
  selected: K;
  onSelect: (key: K) => void;
}

/** The tabs and their panels. */
export function Tabs<K extends string>({ label, tabs, selected, onSelect }: TabsProps<K>) {
  const base = useId();
  const buttons = useRef(new Map<K, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length];
    if (!next) return;
    onSelect(next.key);
    buttons.current.get(next.key)?.focus();
  };

  return (
    <div className="host-tabs">
      <div className="host-tab-list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.key}`}
            aria-controls={`${base}-panel-${tab.key}`}
            aria-selected={tab.key === selected}
            tabIndex={tab.key === selected ? 0 : -1}
            className="host-tab"
            ref={(element) => {
              if (element) buttons.current.set(tab.key, element);
              else buttons.current.delete(tab.key);
            }}
            onClick={() => onSelect(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <section
          key={tab.key}
          role="tabpanel"
          id={`${base}-panel-${tab.key}`}
          aria-labelledby={`${base}-tab-${tab.key}`}
          hidden={tab.key !== selected}
          className="host-panel"
        >
          {tab.panel}
        </section>
      ))}
    </div>
  );
}
