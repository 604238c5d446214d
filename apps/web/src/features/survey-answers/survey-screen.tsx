import { useEffect, useId, useRef, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  Rating,
  Slider,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router-dom';
import {
  SURVEY_TEXT_MAX,
  scaleBounds,
  type SurveyAnswerQuestion,
  type SurveyAnswerValue,
  type SurveyResponseCreated,
  type SurveyToAnswer,
} from '@tourdesk/contracts';
import { api, HttpError } from '../../lib/api-client.ts';
import { useT } from '../../lib/mobile.tsx';
import { mySurveysKey } from '../../shared/my-surveys.ts';
import { answersBody, errorsByQuestion, localError, startAnswers, type Answers } from './survey-flow.ts';

const surveyKey = (id: number) => ['survey-to-answer', id] as const;

/** Texts of intros and completions may come from a rich-text editor: shown as plain paragraphs. */
const plain = (html: string) =>
  html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/p>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .trim();

function Paragraphs({ text }: { text: string }) {
  return (
    <Typography component="div" sx={{ whiteSpace: 'pre-line' }}>
      {plain(text)}
    </Typography>
  );
}

/** Where "done" leads: back to the journey or the inbox the survey was opened from. */
function useOrigin() {
  const [params] = useSearchParams();
  const booking = Number(params.get('booking')) || undefined;
  const notification = Number(params.get('notification')) || undefined;
  const back = booking
    ? `/appuser/historyjourneys/${booking}`
    : notification
      ? '/appuser/notifications'
      : '/appuser/historyjourneys';
  return { booking, notification, back };
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <Stack spacing={2} sx={{ p: 2, maxWidth: 640, mx: 'auto' }}>
      {children}
    </Stack>
  );
}

/** A page with a heading, a text and a button back (completion, already answered, closed, not found). */
function EndPage({ title, text, back, done }: { title: string; text: string; back: string; done?: boolean }) {
  const t = useT();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Page>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 2 }}>
            {done ? <CheckCircleOutlineIcon color="success" sx={{ fontSize: 56 }} aria-hidden /> : null}
            <Typography component="h1" variant="h5" ref={heading} tabIndex={-1} sx={{ outline: 'none' }}>
              {title}
            </Typography>
            {text ? <Paragraphs text={text} /> : null}
            <Button component={RouterLink} to={back} variant="contained">
              {t('surveyAnswers.done')}
            </Button>
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}

type InputProps = {
  question: SurveyAnswerQuestion;
  value: SurveyAnswerValue | undefined;
  onChange: (value: SurveyAnswerValue) => void;
  labelId: string;
  describedBy: string;
  invalid: boolean;
};

function TextAnswer({ question, value, onChange, labelId, describedBy, invalid }: InputProps) {
  const paragraph = question.answer_format === 'paragraph';
  return (
    <TextField
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value)}
      type={question.answer_format === 'email' ? 'email' : 'text'}
      multiline={paragraph}
      minRows={paragraph ? 4 : undefined}
      error={invalid}
      fullWidth
      slotProps={{
        htmlInput: {
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
          maxLength: SURVEY_TEXT_MAX,
          autoComplete: question.answer_format === 'email' ? 'email' : 'off',
        },
      }}
    />
  );
}

function NumberAnswer({ question, value, onChange, labelId, describedBy, invalid }: InputProps) {
  const [text, setText] = useState(typeof value === 'number' ? String(value) : '');
  return (
    <TextField
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const normalized = event.target.value.replace(',', '.').trim();
        onChange(normalized === '' ? null : Number(normalized));
      }}
      type="text"
      error={invalid}
      sx={{ maxWidth: 220 }}
      slotProps={{
        htmlInput: {
          inputMode: question.answer_format === 'integer' ? 'numeric' : 'decimal',
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
        },
      }}
    />
  );
}

/** The descriptions of a scale's ends (and its start) under the slider or stars. */
function ScaleEnds({ question }: { question: SurveyAnswerQuestion }) {
  if (!question.min_description && !question.max_description) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }} aria-hidden>
      <Typography variant="body2" color="text.secondary">
        {question.min_description}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'right' }}>
        {question.max_description}
      </Typography>
    </Box>
  );
}

function ScaleAnswer({ question, value, onChange, labelId, describedBy }: InputProps) {
  const t = useT();
  const { min, max, step } = scaleBounds(question);
  if (question.answer_format === 'stars') {
    return (
      <Stack spacing={1} sx={{ alignSelf: 'flex-start' }}>
        <Rating
          name={`question-${question.id_survey_questions}`}
          value={typeof value === 'number' ? value : null}
          max={max}
          size="large"
          onChange={(_, next) => onChange(next)}
          getLabelText={(n) => t('surveyAnswers.stars', { smart_count: n })}
          aria-labelledby={labelId}
          aria-describedby={describedBy}
          sx={{ fontSize: '2.6rem' }}
        />
        <ScaleEnds question={question} />
      </Stack>
    );
  }
  const current = typeof value === 'number' ? value : null;
  return (
    <Stack spacing={1} sx={{ px: 1 }}>
      <Slider
        value={current ?? question.default_value ?? min}
        min={min}
        max={max}
        step={step}
        marks
        valueLabelDisplay="on"
        onChange={(_, next) => onChange(Array.isArray(next) ? (next[0] ?? min) : next)}
        slotProps={{ input: { 'aria-labelledby': labelId, 'aria-describedby': describedBy } }}
        getAriaValueText={(n) =>
          n === min && question.min_description
            ? `${n} (${question.min_description})`
            : n === max && question.max_description
              ? `${n} (${question.max_description})`
              : String(n)
        }
        sx={{ mt: 4 }}
      />
      <ScaleEnds question={question} />
      <Typography variant="body2" aria-live="polite">
        {current === null ? t('surveyAnswers.sliderUnset') : t('surveyAnswers.sliderValue', { value: current })}
      </Typography>
      {question.default_description ? (
        <Typography variant="caption" color="text.secondary">
          {question.default_description}
        </Typography>
      ) : null}
    </Stack>
  );
}

function YesNoAnswer({ question, value, onChange, describedBy }: InputProps) {
  const t = useT();
  const options = [
    { answer: true, label: question.positive_answer || t('surveyAnswers.yes') },
    { answer: false, label: question.negative_answer || t('surveyAnswers.no') },
  ];
  return (
    <Stack direction="row" spacing={2} role="group" aria-describedby={describedBy}>
      {options.map((option) => (
        <Button
          key={String(option.answer)}
          variant={value === option.answer ? 'contained' : 'outlined'}
          aria-pressed={value === option.answer}
          onClick={() => onChange(option.answer)}
          startIcon={value === option.answer ? <CheckIcon /> : undefined}
          size="large"
          sx={{ flex: 1, py: 2, fontSize: '1.1rem', textTransform: 'none' }}
        >
          {option.label}
        </Button>
      ))}
    </Stack>
  );
}

function DateAnswer({ question, value, onChange, labelId, describedBy, invalid }: InputProps) {
  return (
    <TextField
      type="date"
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value || null)}
      error={invalid}
      sx={{ maxWidth: 240 }}
      slotProps={{
        htmlInput: {
          min: question.min_date ?? undefined,
          max: question.max_date ?? undefined,
          'aria-labelledby': labelId,
          'aria-describedby': describedBy,
          'aria-invalid': invalid,
        },
      }}
    />
  );
}

function ChoiceAnswer({ question, value, onChange, labelId, describedBy, invalid }: InputProps) {
  const t = useT();
  const selected = typeof value === 'string' ? value : '';
  if (question.answer_format === 'dropdown') {
    return (
      <TextField
        select
        value={selected}
        onChange={(event) => onChange(event.target.value || null)}
        error={invalid}
        fullWidth
        slotProps={{
          select: { native: true, inputProps: { 'aria-labelledby': labelId, 'aria-describedby': describedBy } },
        }}
      >
        <option value="">{t('surveyAnswers.choose')}</option>
        {question.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </TextField>
    );
  }
  return (
    <RadioGroup
      value={selected}
      onChange={(event) => onChange(event.target.value)}
      aria-labelledby={labelId}
      aria-describedby={describedBy}
    >
      {question.choices.map((choice) => (
        <FormControlLabel key={choice.value} value={choice.value} control={<Radio />} label={choice.text} />
      ))}
    </RadioGroup>
  );
}

function MultiChoiceAnswer({ question, value, onChange }: InputProps) {
  const chosen = Array.isArray(value) ? value : [];
  return (
    <FormGroup>
      {question.choices.map((choice) => (
        <FormControlLabel
          key={choice.value}
          control={
            <Checkbox
              checked={chosen.includes(choice.value)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? question.choices.map((c) => c.value).filter((v) => v === choice.value || chosen.includes(v))
                    : chosen.filter((v) => v !== choice.value),
                )
              }
            />
          }
          label={choice.text}
        />
      ))}
    </FormGroup>
  );
}

const INPUTS: Record<SurveyAnswerQuestion['type'], (props: InputProps) => React.ReactElement> = {
  text: TextAnswer,
  number: NumberAnswer,
  scale: ScaleAnswer,
  yesno: YesNoAnswer,
  date: DateAnswer,
  choice: ChoiceAnswer,
  multichoice: MultiChoiceAnswer,
};

/** What the traveller may enter, said under the question (range, dates, several choices). */
function useRangeHint(question: SurveyAnswerQuestion): string | null {
  const t = useT();
  if (question.type === 'number' && (question.min_value !== null || question.max_value !== null)) {
    if (question.min_value !== null && question.max_value !== null)
      return t('surveyAnswers.between', { min: question.min_value, max: question.max_value });
    return question.min_value !== null
      ? t('surveyAnswers.atLeast', { min: question.min_value })
      : t('surveyAnswers.atMost', { max: question.max_value ?? '' });
  }
  if (question.type === 'multichoice') return t('surveyAnswers.several');
  return null;
}

function QuestionStep({
  question,
  value,
  error,
  onChange,
}: {
  question: SurveyAnswerQuestion;
  value: SurveyAnswerValue | undefined;
  error: string | undefined;
  onChange: (value: SurveyAnswerValue) => void;
}) {
  const t = useT();
  const base = useId();
  const labelId = `${base}-label`;
  const hintId = `${base}-hint`;
  const errorId = `${base}-error`;
  const rangeHint = useRangeHint(question);
  const Input = INPUTS[question.type];
  const describedBy = [question.hint || rangeHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <FormControl component="fieldset" error={Boolean(error)} required={question.required} fullWidth>
      <FormLabel
        component="legend"
        id={labelId}
        sx={{ typography: 'h6', color: 'text.primary', mb: 1, '&.Mui-focused': { color: 'text.primary' } }}
      >
        {question.title}
      </FormLabel>
      {question.hint || rangeHint ? (
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {[question.hint, rangeHint].filter(Boolean).join(' · ')}
        </Typography>
      ) : null}
      <Input
        key={question.id_survey_questions}
        question={question}
        value={value}
        onChange={onChange}
        labelId={labelId}
        describedBy={describedBy}
        invalid={Boolean(error)}
      />
      {error ? (
        <FormHelperText id={errorId} role="alert" sx={{ mx: 0, mt: 1.5, fontSize: '0.95rem' }}>
          {t(error)}
        </FormHelperText>
      ) : null}
    </FormControl>
  );
}

/** The intro, the questions one per step, and the submit. */
function SurveyFlow({ survey }: { survey: SurveyToAnswer }) {
  const t = useT();
  const client = useQueryClient();
  const origin = useOrigin();
  const questions = survey.steps.map((step) => step.question);
  const [step, setStep] = useState<number | 'intro'>('intro');
  const [answers, setAnswers] = useState<Answers>(() => startAnswers(questions));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const top = useRef<HTMLDivElement>(null);

  const submit = useMutation({
    mutationFn: () =>
      api<SurveyResponseCreated>(`/app/surveys/${survey.id}/responses`, {
        method: 'POST',
        body: {
          answers: answersBody(questions, answers),
          ...(origin.notification ? { id_notification: origin.notification } : {}),
          ...(origin.booking ? { id_booking: origin.booking } : {}),
        },
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: mySurveysKey }),
    onError: (error) => {
      const body = error instanceof HttpError ? (error.body as { errors?: Record<string, string> } | null) : null;
      const byQuestion = errorsByQuestion(body?.errors);
      const first = questions.findIndex((question) => byQuestion[question.id_survey_questions] !== undefined);
      if (first >= 0) {
        setErrors(byQuestion);
        setStep(first);
      } else {
        setFormError(error instanceof Error ? error.message : 'error.unexpected');
      }
    },
  });

  useEffect(() => {
    if (step !== 'intro') top.current?.focus();
  }, [step]);

  if (submit.isSuccess) {
    return (
      <EndPage
        title={survey.completion?.title || t('surveyAnswers.thanksTitle')}
        text={survey.completion?.text || t('surveyAnswers.thanksText')}
        back={origin.back}
        done
      />
    );
  }
  if (submit.error instanceof HttpError && submit.error.message === 'error.surveyAlreadyAnswered') {
    return (
      <EndPage title={t('surveyAnswers.alreadyTitle')} text={t('surveyAnswers.alreadyText')} back={origin.back} done />
    );
  }

  if (step === 'intro') {
    return (
      <Page>
        <Button
          component={RouterLink}
          to={origin.back}
          startIcon={<ArrowBackIcon />}
          size="small"
          sx={{ alignSelf: 'start' }}
        >
          {t('surveyAnswers.back')}
        </Button>
        <Card variant="outlined">
          <CardContent>
            <Stack spacing={2}>
              <Typography component="h1" variant="h5">
                {survey.intro?.title || survey.title}
              </Typography>
              {survey.intro?.text ? <Paragraphs text={survey.intro.text} /> : null}
              {!survey.intro?.text && survey.description ? <Paragraphs text={survey.description} /> : null}
              <Typography variant="body2" color="text.secondary">
                {t('surveyAnswers.questionCount', { smart_count: questions.length })}
              </Typography>
              <Button
                variant="contained"
                size="large"
                onClick={() => (questions.length > 0 ? setStep(0) : submit.mutate())}
                disabled={submit.isPending}
              >
                {survey.intro?.button_text || t('surveyAnswers.start')}
              </Button>
            </Stack>
          </CardContent>
        </Card>
      </Page>
    );
  }

  const question = questions[step];
  if (!question) return null;
  const last = step === questions.length - 1;
  const value = answers[question.id_survey_questions];
  const error = errors[question.id_survey_questions];
  const next = () => {
    const local = localError(question, value);
    if (local) {
      setErrors((current) => ({ ...current, [question.id_survey_questions]: local }));
      return;
    }
    setFormError(null);
    if (!last) setStep(step + 1);
    else submit.mutate();
  };

  return (
    <Page>
      <Box ref={top} tabIndex={-1} sx={{ outline: 'none' }}>
        <Typography component="h1" variant="subtitle1" sx={{ fontWeight: 600 }}>
          {survey.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" id="survey-progress-label">
          {t('surveyAnswers.progress', { n: step + 1, total: questions.length })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) / questions.length) * 100}
          aria-labelledby="survey-progress-label"
          sx={{ mt: 1, height: 8, borderRadius: 4 }}
        />
      </Box>
      <Card variant="outlined">
        <CardContent
          component="form"
          noValidate
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            next();
          }}
        >
          <Stack spacing={3}>
            <QuestionStep
              question={question}
              value={value}
              error={error}
              onChange={(changed) => {
                setAnswers((current) => ({ ...current, [question.id_survey_questions]: changed }));
                if (error) setErrors(({ [question.id_survey_questions]: _, ...rest }) => rest);
              }}
            />
            {formError ? <Alert severity="error">{t(formError)}</Alert> : null}
            <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between' }}>
              <Button
                onClick={() => setStep(step === 0 ? 'intro' : step - 1)}
                startIcon={<ArrowBackIcon />}
                disabled={submit.isPending}
              >
                {t('surveyAnswers.previous')}
              </Button>
              <Button
                type="submit"
                variant="contained"
                endIcon={last ? undefined : <ArrowForwardIcon />}
                disabled={submit.isPending}
              >
                {last ? t('surveyAnswers.submit') : t('surveyAnswers.next')}
              </Button>
            </Stack>
          </Stack>
        </CardContent>
      </Card>
    </Page>
  );
}

/** /appuser/survey/{id}?notification=…|booking=…: a survey to answer, one question per step. */
export function SurveyScreen() {
  const t = useT();
  const { id } = useParams();
  const surveyId = Number(id);
  const origin = useOrigin();
  const query = useQuery({
    queryKey: surveyKey(surveyId),
    queryFn: () => api<SurveyToAnswer>(`/app/surveys/${surveyId}`),
    enabled: surveyId > 0,
    retry: false,
    // A survey in progress must not reset under the traveller's fingers.
    refetchOnWindowFocus: false,
  });
  if (!(surveyId > 0) || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <EndPage title={t('surveyAnswers.notFoundTitle')} text={t('surveyAnswers.notFoundText')} back={origin.back} />
    );
  }
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('surveyAnswers.loading')} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Page>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('surveyAnswers.retry')}
            </Button>
          }
        >
          {t('surveyAnswers.loadFailed')}
        </Alert>
      </Page>
    );
  }
  const survey = query.data;
  if (survey.answered) {
    return (
      <EndPage title={t('surveyAnswers.alreadyTitle')} text={t('surveyAnswers.alreadyText')} back={origin.back} done />
    );
  }
  if (!survey.active) {
    return <EndPage title={t('surveyAnswers.closedTitle')} text={t('surveyAnswers.closedText')} back={origin.back} />;
  }
  return <SurveyFlow survey={survey} />;
}
