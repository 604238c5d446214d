import { useState } from 'react';
import { TextField } from '@mui/material';
import { FieldTitle, InputHelperText, useInput, type InputProps } from 'react-admin';
import { normalizePriceInput, parsePriceInput } from '@tourdesk/contracts/format';

const grouped = new Intl.NumberFormat('de-DE', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A stored amount as the field shows it: German digits with thousands points, `1234.5` → `1.234,50`. */
export const priceInputText = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? grouped.format(value) : '';

/**
 * A euro amount. Typing is free (`1234.5`, `1.234,50`, `12,5 €`); on leaving the field the text is shown
 * German with two decimals (`1.234,50` and the € sign) and the form value becomes the number (spec §5).
 * Text that is no amount stays as typed and the field reports error.float.
 */
export function PriceInput({ label, helperText, ...props }: InputProps) {
  const { field, fieldState, id, isRequired } = useInput({
    ...props,
    validate: [
      ...[props.validate ?? []].flat(),
      (value: unknown) =>
        value === null || value === undefined || (typeof value === 'number' && value >= 0) ? undefined : 'error.float',
    ],
  });
  // While typing, the text is a draft; otherwise it shows the form value.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? priceInputText(field.value);
  return (
    <TextField
      id={id}
      name={field.name}
      inputRef={field.ref}
      label={
        label === false || label === '' ? null : (
          <FieldTitle label={label} source={props.source} resource={props.resource} isRequired={isRequired} />
        )
      }
      value={text}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => {
        const normalised = normalizePriceInput(text);
        if (text.trim() === '') field.onChange(null);
        else if (normalised === null) field.onChange(Number.NaN);
        else field.onChange(parsePriceInput(normalised));
        setDraft(normalised === null && text.trim() !== '' ? text : null);
        field.onBlur();
      }}
      error={fieldState.invalid}
      helperText={
        helperText !== false || fieldState.invalid ? (
          <InputHelperText error={fieldState.error?.message} helperText={helperText} />
        ) : null
      }
      slotProps={{ input: { endAdornment: '€' }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      size="small"
      margin="dense"
    />
  );
}
