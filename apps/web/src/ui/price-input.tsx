import { useState } from 'react';
import { TextField } from '@mui/material';
import { useInput, useTranslate, type InputProps } from 'react-admin';
import { normalizePriceInput, parsePriceInput } from '@tourdesk/contracts/format';

const display = (value: unknown) => (typeof value === 'number' ? (normalizePriceInput(value) ?? '') : '');

/**
 * A euro amount. Typing is free; on leaving the field the text is normalised to a comma and two
 * decimals (`12.5` → `12,50`) and the form value becomes the number (spec §5).
 */
export function PriceInput(props: InputProps) {
  const translate = useTranslate();
  const { field, fieldState, isRequired } = useInput({
    ...props,
    validate: [
      ...[props.validate ?? []].flat(),
      (value: unknown) =>
        value === null || value === undefined || (typeof value === 'number' && value >= 0) ? undefined : 'error.float',
    ],
  });
  // While typing, the text is a draft; otherwise it shows the form value.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? display(field.value);
  const label = typeof props.label === 'string' ? translate(props.label, { _: props.label }) : props.label;
  return (
    <TextField
      name={field.name}
      label={label || translate(`resources.${props.resource ?? ''}.fields.${props.source}`, { _: props.source })}
      value={text}
      required={isRequired}
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
        fieldState.error?.message ? translate(fieldState.error.message, { _: fieldState.error.message }) : ' '
      }
      slotProps={{ input: { endAdornment: '€' }, htmlInput: { inputMode: 'decimal' } }}
      size="small"
      margin="dense"
    />
  );
}
