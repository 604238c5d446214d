import type { ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The dialogs of spec §4 in one component, 500 wide (from the theme), with the button sets of spec §9
 * (Ja/Nein, OK/Abbrechen, Schließen in German):
 * - `yesNoCancel`: a question with three answers
 * - `delete`: confirm a deletion
 * - `sync`: confirm a synchronisation with an external system
 * - `inactive`: confirm setting a record inactive (blocked)
 * - `empty`: information only, with a close button
 */
export type AppDialogVariant = 'yesNoCancel' | 'delete' | 'sync' | 'inactive' | 'empty';

type Props = {
  open: boolean;
  variant: AppDialogVariant;
  title?: string;
  content?: ReactNode;
  /** Yes / OK */
  onConfirm?: () => void;
  /** No (yes/no/cancel only) */
  onDeny?: () => void;
  /** Cancel / Close, Escape and clicking outside */
  onClose: () => void;
  busy?: boolean;
};

const DEFAULT_TEXT: Record<AppDialogVariant, { title: string; content: string }> = {
  yesNoCancel: { title: 'app.dialog.questionTitle', content: 'app.dialog.questionContent' },
  delete: { title: 'app.dialog.deleteTitle', content: 'app.dialog.deleteContent' },
  sync: { title: 'app.dialog.syncTitle', content: 'app.dialog.syncContent' },
  inactive: { title: 'app.dialog.inactiveTitle', content: 'app.dialog.inactiveContent' },
  empty: { title: 'app.dialog.emptyTitle', content: 'app.dialog.emptyContent' },
};

export function AppDialog({ open, variant, title, content, onConfirm, onDeny, onClose, busy }: Props) {
  const translate = useTranslate();
  const text = DEFAULT_TEXT[variant];
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="app-dialog-title">
      <DialogTitle id="app-dialog-title">{title ?? translate(text.title)}</DialogTitle>
      <DialogContent>
        {typeof content === 'string' || content === undefined ? (
          <DialogContentText>{content ?? translate(text.content)}</DialogContentText>
        ) : (
          content
        )}
      </DialogContent>
      <DialogActions>
        {variant === 'empty' ? (
          <Button onClick={onClose} autoFocus>
            {translate('app.dialog.close')}
          </Button>
        ) : variant === 'yesNoCancel' ? (
          <>
            <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
            <Button onClick={onDeny} disabled={busy}>
              {translate('app.dialog.no')}
            </Button>
            <Button onClick={onConfirm} disabled={busy} variant="contained" autoFocus>
              {translate('app.dialog.yes')}
            </Button>
          </>
        ) : variant === 'sync' ? (
          <>
            <Button onClick={onClose}>{translate('app.dialog.cancel')}</Button>
            <Button onClick={onConfirm} disabled={busy} variant="contained" autoFocus>
              {translate('app.dialog.ok')}
            </Button>
          </>
        ) : (
          <>
            <Button onClick={onClose} autoFocus>
              {translate('app.dialog.no')}
            </Button>
            <Button
              onClick={onConfirm}
              disabled={busy}
              variant="contained"
              color={variant === 'delete' ? 'error' : 'warning'}
            >
              {translate('app.dialog.yes')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
