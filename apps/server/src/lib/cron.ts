import { Cron } from 'croner';

/** Cron expressions of the scheduler (docs/adr/0030): five fields, read in the office's time zone. */
export const CRON_TIME_ZONE = 'Europe/Berlin';

const parse = (expression: string) => new Cron(expression, { paused: true, timezone: CRON_TIME_ZONE, mode: '5-part' });

/** Why an expression cannot be used (`null`: it is fine): croner's message, or that it never runs. */
export function cronProblem(expression: string): string | null {
  try {
    return parse(expression).nextRun() === null ? 'the expression never matches a date' : null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The next `count` times after `from` (fewer if the expression stops matching). */
export const nextCronRuns = (expression: string, from: Date, count: number): Date[] =>
  parse(expression).nextRuns(count, from);

export const nextCronRun = (expression: string, from: Date): Date | null => parse(expression).nextRun(from);
