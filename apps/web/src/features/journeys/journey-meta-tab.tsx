import AutoFixHighIcon from '@mui/icons-material/AutoFixHigh';
import { Box } from '@mui/material';
import { Button, TextInput, useTranslate } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { slugFromTitle } from './journey-form-logic.ts';

/** What search engines show in full; longer texts are cut there. */
const META_TITLE_SHOWN = 60;
const META_DESCRIPTION_SHOWN = 160;

const WIDE = { maxWidth: 760 } as const;

/** "23 of 60 characters" under a meta text, so the clerk sees what a search engine will show. */
function useLengthHint(source: string, shown: number): string {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: source });
  const length = typeof value === 'string' ? value.length : 0;
  return translate('journeys.help.length', { count: length, shown });
}

/** Tab "meta tags": meta title and description with their length, the URL slug (from the title), keywords. */
export function JourneyMetaInputs() {
  const { getValues, setValue } = useFormContext();
  const titleHint = useLengthHint('meta_title', META_TITLE_SHOWN);
  const descriptionHint = useLengthHint('meta_description', META_DESCRIPTION_SHOWN);
  const generate = () =>
    setValue('slug', slugFromTitle(String(getValues('title') ?? '')), { shouldDirty: true, shouldValidate: true });
  return (
    <>
      <TextInput source="meta_title" label="journeys.fields.meta_title" helperText={titleHint} sx={WIDE} />
      <TextInput
        source="meta_description"
        label="journeys.fields.meta_description"
        helperText={descriptionHint}
        multiline
        minRows={2}
        sx={WIDE}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, width: '100%', ...WIDE }}>
        <TextInput source="slug" label="journeys.fields.slug" helperText="journeys.help.slug" sx={{ flex: 1 }} />
        <Button label="journeys.actions.generateSlug" onClick={generate}>
          <AutoFixHighIcon />
        </Button>
      </Box>
      <TextInput
        source="keywords"
        label="journeys.fields.keywords"
        helperText="journeys.help.keywords"
        multiline
        sx={WIDE}
      />
    </>
  );
}
