import { useId, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  IconButton,
  InputLabel,
  MenuItem,
  Select,
  Tooltip,
  Typography,
} from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { isSortable } from '@dnd-kit/react/sortable';
import { useQuery } from '@tanstack/react-query';
import { useInput, useTranslate } from 'react-admin';
import type { SurveyCategory, SurveyQuestion } from '@tourdesk/contracts/surveys.schema';
import { api } from '../../lib/api-client.ts';
import { moveStep } from './survey-steps.ts';
import { DragDropArea } from '../../ui/drag-drop.tsx';
import { SortableRow } from '../../ui/sortable-row.tsx';

type RowProps = {
  id: number;
  index: number;
  count: number;
  question: SurveyQuestion | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
};

function StepRow({ id, index, count, question, onMove, onRemove }: RowProps) {
  const translate = useTranslate();
  const name = question?.title ?? `#${id}`;
  return (
    <SortableRow
      id={id}
      index={index}
      name={name}
      label={translate('surveys.steps.drag', { name })}
      data-testid={`survey-step-${id}`}
    >
      <Typography variant="body2" component="span" sx={{ minWidth: '1.5rem', color: 'text.secondary' }}>
        {index + 1}.
      </Typography>
      <Typography variant="body2" component="span" sx={{ flex: '1 1 12rem', minWidth: 0 }}>
        {name}
      </Typography>
      {question ? <Chip size="small" label={translate(`surveys.types.${question.type}`)} /> : null}
      <Tooltip title={translate('surveys.steps.up')}>
        <span>
          <IconButton
            size="small"
            disabled={index === 0}
            aria-label={translate('surveys.steps.upNamed', { name })}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('surveys.steps.down')}>
        <span>
          <IconButton
            size="small"
            disabled={index === count - 1}
            aria-label={translate('surveys.steps.downNamed', { name })}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={translate('surveys.steps.remove')}>
        <IconButton
          size="small"
          aria-label={translate('surveys.steps.removeNamed', { name })}
          onClick={() => onRemove(index)}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </SortableRow>
  );
}

/** A survey's steps: an ordered list of questions, added from a picker filtered by category. */
export function SurveyStepsInput() {
  const translate = useTranslate();
  const titleId = useId();
  const categoryLabel = useId();
  const questionLabel = useId();
  const { field } = useInput<number[]>({ source: 'steps', defaultValue: [] });
  const steps: number[] = Array.isArray(field.value) ? field.value : [];
  const [category, setCategory] = useState<number | ''>('');
  const [picked, setPicked] = useState<number | ''>('');
  const all = useQuery({
    queryKey: ['survey-questions-all'],
    queryFn: () => api<SurveyQuestion[]>('/survey/questions/all'),
  });
  const categories = useQuery({
    queryKey: ['survey-categories-all'],
    queryFn: () => api<SurveyCategory[]>('/survey/categories/all'),
  });
  const ofCategory = useQuery({
    queryKey: ['survey-questions-category', category],
    queryFn: () => api<SurveyQuestion[]>(`/survey/questions/category/${category}`),
    enabled: category !== '',
  });
  const byId = new Map((all.data ?? []).map((question) => [question.id, question]));
  const offered = (category === '' ? all.data : ofCategory.data) ?? [];
  const choosable = offered.filter((question) => !steps.includes(question.id));
  const change = (next: number[]) => field.onChange(next);

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ width: '100%', maxWidth: 760 }}>
      <Typography id={titleId} variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('surveys.steps.title')}
      </Typography>
      {steps.length === 0 ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('surveys.steps.empty')}
        </Alert>
      ) : null}
      <DragDropArea
        onDragEnd={(event) => {
          const { source } = event.operation;
          if (event.canceled || !source || !isSortable(source)) return;
          const from = source.sortable.initialIndex;
          const to = source.sortable.index;
          if (from !== to) change(moveStep(steps, from, to));
        }}
      >
        <Box component="ol" aria-labelledby={titleId} sx={{ p: 0, m: 0 }} data-testid="survey-steps">
          {steps.map((id, index) => (
            <StepRow
              key={id}
              id={id}
              index={index}
              count={steps.length}
              question={byId.get(id)}
              onMove={(from, to) => change(moveStep(steps, from, to))}
              onRemove={(at) => change(steps.filter((_, i) => i !== at))}
            />
          ))}
        </Box>
      </DragDropArea>
      <Box sx={{ mt: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <FormControl size="small" sx={{ flex: '0 1 220px', minWidth: 180 }}>
          <InputLabel id={categoryLabel}>{translate('surveys.fields.id_survey_categories')}</InputLabel>
          <Select
            labelId={categoryLabel}
            label={translate('surveys.fields.id_survey_categories')}
            value={category}
            onChange={(event) => {
              setCategory(String(event.target.value) === '' ? '' : Number(event.target.value));
              setPicked('');
            }}
          >
            <MenuItem value="">{translate('surveys.steps.allCategories')}</MenuItem>
            {(categories.data ?? []).map((one) => (
              <MenuItem key={one.id} value={one.id}>
                {one.title}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <FormControl size="small" sx={{ minWidth: 260, flex: '1 1 260px' }}>
          <InputLabel id={questionLabel}>{translate('surveys.steps.question')}</InputLabel>
          <Select
            labelId={questionLabel}
            label={translate('surveys.steps.question')}
            value={choosable.some((question) => question.id === picked) ? picked : ''}
            onChange={(event) => setPicked(String(event.target.value) === '' ? '' : Number(event.target.value))}
          >
            {choosable.length === 0 ? (
              <MenuItem value="" disabled>
                {translate('surveys.steps.noQuestions')}
              </MenuItem>
            ) : null}
            {choosable.map((question) => (
              <MenuItem key={question.id} value={question.id}>
                {question.title}
              </MenuItem>
            ))}
          </Select>
        </FormControl>
        <Button
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={picked === '' || steps.includes(picked)}
          onClick={() => {
            if (picked === '') return;
            change([...steps, picked]);
            setPicked('');
          }}
        >
          {translate('surveys.steps.add')}
        </Button>
      </Box>
    </Box>
  );
}
