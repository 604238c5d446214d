import { Alert, Button, CircularProgress } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The server's message (a catalogue key) above a visitor form, translated. */
export function ErrorNotice({ message }: { message: string | null }) {
  const translate = useTranslate();
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {translate(message, { _: translate('error.actionFailed') })}
    </Alert>
  );
}

/** The full-width submit button of a visitor form, with a spinner while the request runs. */
export function SubmitButton({ busy, label }: { busy: boolean; label: string }) {
  return (
    <Button
      type="submit"
      variant="contained"
      fullWidth
      size="large"
      disabled={busy}
      sx={{ mt: 2 }}
      startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
    >
      {label}
    </Button>
  );
}
