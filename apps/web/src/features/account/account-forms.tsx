import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert, Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HttpError } from '../../lib/api-client.ts';

/** Field errors from a 400 answer (`body.errors = { field: key }`, see lib/api-client.ts). */
export type FieldErrors = Record<string, string>;

export function errorsOf(error: unknown): { message: string; fields: FieldErrors } {
  if (error instanceof HttpError) {
    const fields = ((error.body as { errors?: FieldErrors } | undefined)?.errors ?? {}) as FieldErrors;
    return { message: error.message, fields };
  }
  return { message: 'error.unexpected', fields: {} };
}

/**
 * Runs a submit with busy state and keeps the server's message and field errors for display. When every field
 * error belongs to one of `shownFields` (the fields the form shows its errors at), there is no message above the
 * form: the fields say what is wrong, a general "The request is not valid." would only add noise.
 */
export function useSubmit<T>(
  action: () => Promise<T>,
  onDone: (result: T) => void,
  shownFields: readonly string[] = [],
) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [fields, setFields] = useState<FieldErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setMessage(null);
    setFields({});
    try {
      onDone(await action());
    } catch (error) {
      const parsed = errorsOf(error);
      const fieldNames = Object.keys(parsed.fields);
      const allShown = fieldNames.length > 0 && fieldNames.every((name) => shownFields.includes(name));
      setMessage(allShown ? null : parsed.message);
      setFields(parsed.fields);
    } finally {
      setBusy(false);
    }
  };
  return { busy, message, fields, submit, setFields };
}

export function FormTitle({ title, text }: { title: string; text?: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
      {text ? (
        <Typography variant="body2" color="text.secondary">
          {text}
        </Typography>
      ) : null}
    </Box>
  );
}

export function SuccessNotice({ children }: { children: ReactNode }) {
  return (
    <Alert severity="success" role="status" sx={{ mb: 2 }}>
      {children}
    </Alert>
  );
}

type FieldProps = {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  errors: FieldErrors;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
};

/** A text field that shows its server-side error key, translated. */
export function Field({
  name,
  label,
  value,
  onChange,
  errors,
  type = 'text',
  required,
  autoComplete,
  autoFocus,
}: FieldProps) {
  const translate = useTranslate();
  const error = errors[name];
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      required={required}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      error={Boolean(error)}
      helperText={error ? translate(error) : undefined}
      fullWidth
      margin="dense"
    />
  );
}
