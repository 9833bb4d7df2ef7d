import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem<Id extends string> {
  id: Id;
  label: string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys move and select (wrapping), Home and End jump; only the
 * selected tab is in the tab order. Only the selected panel is rendered.
 */
export function WalletTabs<Id extends string>({
  idPrefix,
  label,
  tabs,
  selected,
  onSelect,
  children,
}: {
  idPrefix: string;
  label: string;
  tabs: readonly TabItem<Id>[];
  selected: Id;
  onSelect: (id: Id) => void;
  children: ReactNode;
}) {
  const buttons = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    const target = tabs[next].id;
    onSelect(target);
    buttons.current.get(target)?.focus();
  };

  return (
    <>
      <div className="wallet-tabs segmented" role="tablist" aria-label={label}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) buttons.current.set(tab.id, element);
                else buttons.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className="wallet-tab segmented-tab"
              aria-selected={isSelected}
              aria-controls={isSelected ? panelId : undefined}
              tabIndex={isSelected ? 0 : -1}
              data-testid={`wallet-tab-${tab.id}`}
              onClick={() => onSelect(tab.id)}
              onKeyDown={onKeyDown}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} className="wallet-panel">
        {children}
      </div>
    </>
  );
}
