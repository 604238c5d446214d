import { Box, FormControlLabel, Switch, TextField, Typography } from '@mui/material';
import { useWatch } from 'react-hook-form';
import { useInput, useTranslate } from 'react-admin';
import { SETTING_DESCRIPTORS } from '@tourdesk/contracts';
import { JsonValueInput } from './json-value-input.tsx';

/** A list of ids as typed ("32, 44 65") → numbers; anything else stays text, which the server refuses. */
export function parseIds(text: string): number[] | string {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  return parts.every((part) => /^\d+$/.test(part)) ? parts.map(Number) : text;
}

/**
 * The value of a system setting with the editor its key calls for (issue #18 item 8, `SETTING_DESCRIPTORS`):
 * a number field with its range, a switch for a 0/1 flag, a list of ids, a text field; free JSON for terms and
 * for keys Tourdesk does not know. The key's description stands above it.
 */
export function SettingValueInput() {
  const translate = useTranslate();
  const key = String(useWatch({ name: 'key' }) ?? '');
  const descriptor = Object.hasOwn(SETTING_DESCRIPTORS, key) ? SETTING_DESCRIPTORS[key] : undefined;
  const description = descriptor ? translate(`settings.descriptions.${key}`, { _: '' }) : '';
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      {description && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="setting-description">
          {description}
        </Typography>
      )}
      {descriptor?.type === 'number' && <NumberValue min={descriptor.min} max={descriptor.max} />}
      {descriptor?.type === 'flag' && <FlagValue />}
      {descriptor?.type === 'ids' && <IdsValue />}
      {descriptor?.type === 'text' && <TextValue />}
      {(!descriptor || descriptor.type === 'json') && <JsonValueInput />}
    </Box>
  );
}

function NumberValue({ min, max }: { min?: number; max?: number }) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'value' });
  const range = min !== undefined && max !== undefined ? translate('settings.range', { min, max }) : undefined;
  return (
    <TextField
      label={translate('settings.fields.value')}
      type="number"
      value={typeof field.value === 'number' ? field.value : String(field.value ?? '')}
      onChange={(event) => field.onChange(event.target.value === '' ? '' : Number(event.target.value))}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : range}
      slotProps={{ htmlInput: { min, max, step: 1 } }}
      sx={{ maxWidth: 240 }}
    />
  );
}

function FlagValue() {
  const translate = useTranslate();
  const { field } = useInput({ source: 'value' });
  return (
    <FormControlLabel
      control={
        <Switch
          checked={field.value === 1 || field.value === '1' || field.value === true}
          onChange={(event) => field.onChange(event.target.checked ? 1 : 0)}
          onBlur={field.onBlur}
        />
      }
      label={translate('settings.flag')}
    />
  );
}

function IdsValue() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'value' });
  const text = Array.isArray(field.value) ? field.value.join(', ') : String(field.value ?? '');
  return (
    <TextField
      label={translate('settings.fields.value')}
      value={text}
      onChange={(event) => field.onChange(parseIds(event.target.value))}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : translate('settings.idsHint')}
      fullWidth
    />
  );
}

function TextValue() {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source: 'value' });
  return (
    <TextField
      label={translate('settings.fields.value')}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
      fullWidth
    />
  );
}
