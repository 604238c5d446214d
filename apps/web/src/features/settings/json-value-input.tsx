import { useState } from 'react';
import { Box, Button, Chip, TextField } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';

/** How a setting's value is shown for editing: JSON pretty-printed, plain text as it is. */
export const toEditableText = (value: unknown): string =>
  value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2);

/** What the text stands for: parsed JSON when it parses, otherwise the text. */
export function parseEditableText(text: string): { value: unknown; isJson: boolean } {
  try {
    return { value: JSON.parse(text), isJson: true };
  } catch {
    return { value: text, isJson: false };
  }
}

/** The value of a system setting: free text, recognised as JSON when it parses (then it can be formatted). */
export function JsonValueInput({ source = 'value' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput({ source });
  // What was typed is kept as typed (a half-written JSON must not be reformatted); otherwise the form value shows.
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? toEditableText(field.value);
  const { isJson, value } = parseEditableText(text);
  return (
    <Box sx={{ width: '100%', maxWidth: 760 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
        <Chip
          size="small"
          color={isJson ? 'primary' : 'default'}
          label={translate(isJson ? 'settings.json' : 'settings.text')}
          data-testid="value-kind"
        />
        <Button size="small" disabled={!isJson} onClick={() => setDraft(JSON.stringify(value, null, 2))}>
          {translate('settings.format')}
        </Button>
      </Box>
      <TextField
        label={translate('settings.fields.value')}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          field.onChange(parseEditableText(event.target.value).value);
        }}
        onBlur={field.onBlur}
        multiline
        minRows={4}
        maxRows={24}
        fullWidth
        slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'ui-monospace, monospace' } } }}
      />
    </Box>
  );
}
