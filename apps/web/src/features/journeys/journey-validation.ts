import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ZCreateJourneyBody, ZUpdateJourneyBody } from '@tourdesk/contracts/journeys.schema';
import { journeyBody } from './journey-form-logic.ts';

/** The contract checks the form as the API will (same keys at the same fields), and the form sends what it parses. */
const journeyResolver = (schema: typeof ZCreateJourneyBody | typeof ZUpdateJourneyBody): Resolver<FieldValues> => {
  const contract = zodResolver(schema);
  return (values, context, options) =>
    contract(journeyBody(values), context, options as never) as ReturnType<Resolver<FieldValues>>;
};

export const createJourneyResolver = journeyResolver(ZCreateJourneyBody);
export const updateJourneyResolver = journeyResolver(ZUpdateJourneyBody);
