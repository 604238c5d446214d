import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { ZCreateUserBody, ZUpdateUserBody } from '@tourdesk/contracts';

/** Create and copy: the contract as it is. */
export const createUserResolver = zodResolver(ZCreateUserBody);

/**
 * Empty password fields on edit mean "keep the password" (a form-only rule on top of the contract); the current
 * password (profile) goes only with a new one.
 */
export function withoutEmptyPassword(values: FieldValues): FieldValues {
  const { password, passwordRepeat, currentPassword, ...rest } = values;
  return password ? { ...rest, password, passwordRepeat, currentPassword } : rest;
}

const updateContract = zodResolver(ZUpdateUserBody);

/** Edit and profile: the update contract, checked after dropping empty password fields. */
export const updateUserResolver: Resolver<FieldValues> = (values, context, options) =>
  updateContract(withoutEmptyPassword(values), context, options as never) as ReturnType<Resolver<FieldValues>>;
