import { CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The spinner a button shows as its icon while its action runs (saving, downloading). The button's text says what
 * is done; the spinner is named too, as axe asks of every progress bar (aria-progressbar-name).
 */
export function ButtonSpinner({ size = 16 }: { size?: number }) {
  const translate = useTranslate();
  return <CircularProgress size={size} color="inherit" aria-label={translate('ra.page.loading', { _: 'Loading' })} />;
}
