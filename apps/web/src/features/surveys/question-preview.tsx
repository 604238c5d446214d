import {
  Box,
  Button,
  Checkbox,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormLabel,
  InputLabel,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Rating,
  Select,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslate } from 'react-admin';
import type { SurveyQuestionFields } from '@tourdesk/contracts/surveys.schema';

export type PreviewQuestion = SurveyQuestionFields & { title?: string | null; required?: boolean };

const finite = (value: number | null | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** The answer control of a question as the traveller's app shows it (a preview: nothing is sent). */
function Control({ question, labelId }: { question: PreviewQuestion; labelId: string }) {
  const translate = useTranslate();
  const choices = (question.choices ?? []).filter((choice) => choice?.text);
  switch (question.type) {
    case 'text':
      return (
        <TextField
          size="small"
          fullWidth
          multiline={question.answer_format === 'paragraph'}
          minRows={question.answer_format === 'paragraph' ? 3 : undefined}
          type={question.answer_format === 'email' ? 'email' : 'text'}
          placeholder={question.hint ?? ''}
          slotProps={{ htmlInput: { 'aria-labelledby': labelId } }}
        />
      );
    case 'number':
      return (
        <TextField
          size="small"
          type="number"
          placeholder={question.hint ?? ''}
          defaultValue={question.default_value ?? ''}
          slotProps={{
            htmlInput: {
              'aria-labelledby': labelId,
              min: question.min_value ?? undefined,
              max: question.max_value ?? undefined,
              step: question.step ?? (question.answer_format === 'integer' ? 1 : 'any'),
            },
          }}
        />
      );
    case 'scale': {
      const min = finite(question.min_value, 1);
      const max = Math.max(finite(question.max_value, 5), min + 1);
      const initial = finite(question.default_value, min);
      return (
        <Box>
          {question.answer_format === 'stars' ? (
            <Rating max={Math.round(max)} defaultValue={initial} aria-labelledby={labelId} />
          ) : (
            <Slider
              min={min}
              max={max}
              step={finite(question.step, 1)}
              defaultValue={initial}
              marks
              valueLabelDisplay="auto"
              aria-labelledby={labelId}
            />
          )}
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="caption">{question.min_description ?? ''}</Typography>
            <Typography variant="caption">{question.default_description ?? ''}</Typography>
            <Typography variant="caption">{question.max_description ?? ''}</Typography>
          </Stack>
        </Box>
      );
    }
    case 'yesno':
      return (
        <Stack direction="row" spacing={1} role="group" aria-labelledby={labelId}>
          <Button variant="outlined">{question.positive_answer || translate('surveys.preview.yes')}</Button>
          <Button variant="outlined">{question.negative_answer || translate('surveys.preview.no')}</Button>
        </Stack>
      );
    case 'date':
      return (
        <TextField
          size="small"
          type="date"
          slotProps={{
            htmlInput: {
              'aria-labelledby': labelId,
              min: question.min_date ?? undefined,
              max: question.max_date ?? undefined,
            },
          }}
        />
      );
    case 'choice':
      return question.answer_format === 'dropdown' ? (
        <FormControl size="small" sx={{ minWidth: 200 }}>
          <InputLabel id={`${labelId}-select`}>{translate('surveys.preview.pick')}</InputLabel>
          <Select labelId={`${labelId}-select`} label={translate('surveys.preview.pick')} defaultValue="">
            {choices.map((choice, index) => (
              <MenuItem key={index} value={choice.value || String(index)}>
                {choice.text}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
      ) : (
        <RadioGroup aria-labelledby={labelId}>
          {choices.map((choice, index) => (
            <FormControlLabel
              key={index}
              value={choice.value || String(index)}
              control={<Radio size="small" />}
              label={choice.text}
            />
          ))}
        </RadioGroup>
      );
    case 'multichoice':
      return (
        <FormGroup aria-labelledby={labelId}>
          {choices.map((choice, index) => (
            <FormControlLabel key={index} control={<Checkbox size="small" />} label={choice.text} />
          ))}
        </FormGroup>
      );
    default:
      return null;
  }
}

/** A small phone-like card showing the question as the traveller sees it. */
export function QuestionPreview({ question }: { question: PreviewQuestion }) {
  const translate = useTranslate();
  const labelId = useId();
  return (
    <Box component="section" aria-label={translate('surveys.preview.title')} sx={{ width: '100%', maxWidth: 380 }}>
      <Typography variant="overline" component="h2" color="text.secondary">
        {translate('surveys.preview.title')}
      </Typography>
      <Paper variant="outlined" sx={{ p: 2, borderRadius: 3 }}>
        <FormControl component="fieldset" fullWidth>
          <FormLabel id={labelId} component="legend" sx={{ mb: 1, color: 'text.primary', fontWeight: 600 }}>
            {question.title || translate('surveys.preview.untitled')}
            {question.required ? ' *' : ''}
          </FormLabel>
          <Control question={question} labelId={labelId} />
        </FormControl>
      </Paper>
    </Box>
  );
}
