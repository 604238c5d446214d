import { useEffect } from 'react';

/** Rows of react-admin's DataTable (and Datagrid) that open a record when clicked. */
const CLICKABLE_ROW = 'tr.RaDataTable-clickableRow, tr.RaDatagrid-clickableRow';

/**
 * Lets list rows open with the keyboard everywhere: every clickable row takes the focus (Tab) and opens on
 * Enter or Space, as a click would. Set once in the layout, so no list has to remember it.
 */
export function useKeyboardRows(): void {
  useEffect(() => {
    const focusable = () => {
      for (const row of document.querySelectorAll<HTMLTableRowElement>(`:is(${CLICKABLE_ROW}):not([tabindex])`)) {
        row.tabIndex = 0;
      }
    };
    focusable();
    const observer = new MutationObserver(focusable);
    observer.observe(document.body, { childList: true, subtree: true });
    const onKeyDown = (event: KeyboardEvent) => {
      const row = event.target instanceof HTMLElement ? event.target : null;
      if (!row?.matches(CLICKABLE_ROW) || (event.key !== 'Enter' && event.key !== ' ')) return;
      event.preventDefault();
      row.click();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
}
