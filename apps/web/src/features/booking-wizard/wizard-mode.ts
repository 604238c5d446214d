import { createContext, useContext } from 'react';
import { SAVE_AS, type SaveAs } from './wizard-logic.ts';

/**
 * Who books: the office (`staff`, /vorgang/create) or an agency clerk (`agency`, /agencies/booking). Agencies
 * use the same booking call, scoped to their agency on the server (docs/adr/0019); they cannot save drafts.
 */
export type WizardMode = 'staff' | 'agency';

export const WizardModeContext = createContext<WizardMode>('staff');
export const useWizardMode = () => useContext(WizardModeContext);

/** What a booking may be saved as in each mode (drafts are the office's). */
export const saveChoicesOf = (mode: WizardMode): readonly SaveAs[] =>
  mode === 'agency' ? SAVE_AS.filter((status) => status !== 'draft') : SAVE_AS;

/** Where a saved booking opens. */
export const bookingPageOf = (mode: WizardMode, id: number) =>
  mode === 'agency' ? `/agencies/vorgang/${id}` : `/vorgang/${id}`;
