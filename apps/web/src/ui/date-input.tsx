import { useRef } from 'react';
import EventIcon from '@mui/icons-material/Event';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, useTranslate, type InputProps } from 'react-admin';
import { formatDateInput, parseDateInput } from './german-date.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A date typed and shown as DD.MM.YYYY whatever the browser's language, kept in the form (and sent) as
 * YYYY-MM-DD. The calendar button opens the browser's date picker for those who prefer to click.
 */
export function DateInput({ label, helperText, ...props }: InputProps) {
  const translate = useTranslate();
  const picker = useRef<HTMLInputElement>(null);
  const { field, fieldState, id, isRequired } = useInput({ ...props, format: formatDateInput, parse: parseDateInput });
  // Some browsers refuse showPicker (e.g. inside a frame of another origin): then the cursor goes to the text.
  const openPicker = () => {
    try {
      picker.current?.showPicker();
    } catch {
      document.getElementById(id)?.focus();
    }
  };
  // The browser's picker speaks YYYY-MM-DD; it shows the typed day once it is a real one.
  const typed = parseDateInput(String(field.value ?? ''));
  const pickerValue = typed && ISO_DATE.test(typed) ? typed : '';
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={
        label === false || label === '' ? null : (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        )
      }
      placeholder={translate('app.date.placeholder')}
      error={fieldState.invalid}
      helperText={
        helperText !== false || fieldState.invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : null
      }
      size="small"
      margin="dense"
      slotProps={{
        htmlInput: { inputMode: 'numeric', autoComplete: 'off' },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                size="small"
                edge="end"
                aria-label={translate('app.date.pick')}
                onClick={openPicker}
                disabled={props.disabled || props.readOnly}
              >
                <EventIcon fontSize="small" />
              </IconButton>
              <input
                ref={picker}
                type="date"
                tabIndex={-1}
                aria-hidden
                value={pickerValue}
                onChange={(event) => field.onChange(formatDateInput(event.target.value))}
                style={{ position: 'absolute', right: 0, bottom: 0, width: 1, height: 1, opacity: 0, border: 0 }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
